import type { QueryClient } from "@tanstack/react-query";
import { beneficiaryKeysQueryKey } from "./api/list-beneficiary-keys";
import { wrapAddressItems } from "./address-items";
import { fetchBeneficiaryKeys } from "./key-ring";
import { groupPending } from "./pending-items";

/** How far moving over got: items wrapped, items left pending (tried again next time), of all pending. */
export type MoveOverResult = { total: number; wrapped: number; failed: number };

export type MoveOverOptions = {
  queryClient: QueryClient;
  /** The data key, fetched only when something is pending. */
  getDataKey: () => Promise<CryptoKey>;
  /** Only this address (right after a re-issue); otherwise every pending item. */
  email?: string;
  onProgress?: (progress: { total: number; done: number }) => void;
};

/**
 * Moving over (decision 032): wraps every pending item's content key with the key of its address.
 * An address without a key gets one made with its first batch of items: escrowed when one of them
 * named the address before beneficiary keys existed (`isEscrowedByDefault`), a hand-over key
 * otherwise. A failure leaves the items pending for the next time; nothing secret is logged or kept.
 */
export async function moveOver({
  queryClient,
  getDataKey,
  email,
  onProgress,
}: MoveOverOptions): Promise<MoveOverResult> {
  const view = await fetchBeneficiaryKeys(queryClient);
  const groups = groupPending(view.keys, view.pending, email);
  const total = groups.reduce((n, g) => n + g.items.length, 0);
  const result = { total, wrapped: 0, failed: 0 };
  if (total === 0) return result;
  const dataKey = await getDataKey();
  onProgress?.({ total, done: 0 });
  for (const group of groups) {
    const wrapped = await wrapAddressItems({ queryClient, dataKey, group }).then(
      (r) => r.wrapped,
      () => 0,
    );
    result.wrapped += wrapped;
    result.failed += group.items.length - wrapped;
    onProgress?.({ total, done: result.wrapped + result.failed });
  }
  await queryClient.invalidateQueries({ queryKey: beneficiaryKeysQueryKey });
  return result;
}
