import type { BeneficiaryKeyView } from "@common/keys";
import type { QueryClient } from "@tanstack/react-query";
import { beneficiaryKeysQueryKey } from "./api/list-beneficiary-keys";
import { wrapAddressItems } from "./address-items";
import { fetchBeneficiaryKeys } from "./key-ring";
import { moveOver } from "./move-over";
import { groupPending } from "./pending-items";

export type ReissueProgress =
  | { phase: "key" }
  | { phase: "items"; total: number; done: number }
  /** The first pass left `count` items unwrapped; trying once more. */
  | { phase: "retrying"; count: number };

export type ReissueOptions = {
  queryClient: QueryClient;
  getDataKey: () => Promise<CryptoKey>;
  /** The key to replace. */
  key: Pick<BeneficiaryKeyView, "id" | "email" | "itemCount">;
  onProgress?: (progress: ReissueProgress) => void;
  /** Pause before the one retry of items the first pass could not wrap. */
  retryAfterMs?: number;
};

/** The new key, and how many of its address's items are still unwrapped (they open for no one until wrapped). */
export type ReissueResult = { key: BeneficiaryKeyView; remaining: number };

/**
 * Re-issue (decision 032): a new hand-over key replaces `key` (the address's items still pending go
 * with the POST), then at once every item of the address, which the server now lists as pending,
 * is wrapped with it; what fails is tried once more. Throws only when the key could not be made
 * (nothing changed); after that, failures are counted in `remaining`, never thrown.
 */
export async function reissueKey({
  queryClient,
  getDataKey,
  key: old,
  onProgress,
  retryAfterMs = 2_000,
}: ReissueOptions): Promise<ReissueResult> {
  onProgress?.({ phase: "key" });
  const dataKey = await getDataKey();
  const before = await fetchBeneficiaryKeys(queryClient);
  const [group] = groupPending(before.keys, before.pending, old.email);
  const { key } = await wrapAddressItems({
    queryClient,
    dataKey,
    group: { email: old.email, key: undefined, items: group?.items ?? [] },
    replaces: old.id,
  });
  const wrapPending = () =>
    moveOver({
      queryClient,
      getDataKey: async () => dataKey,
      email: key.email,
      onProgress: (p) => onProgress?.({ phase: "items", ...p }),
    }).then(
      (r) => r.failed,
      // Could not even list them: as many as the address had may still be unwrapped.
      () => Math.max(old.itemCount, 1),
    );
  let remaining = await wrapPending();
  if (remaining > 0) {
    onProgress?.({ phase: "retrying", count: remaining });
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
    remaining = await wrapPending();
  }
  await queryClient.invalidateQueries({ queryKey: beneficiaryKeysQueryKey });
  return { key, remaining };
}
