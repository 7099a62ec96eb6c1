import { WRAP_ITEMS_MAX, type ItemWrapInput, type PendingItemView } from "@common/keys";
import type { QueryClient } from "@tanstack/react-query";
import { fromBase64, toBase64, unwrapContentKey, wrapContentKey } from "@/lib/crypto/vault-crypto";
import { wrapItems } from "./api/wrap-items";
import { beneficiaryKeysQueryKey } from "./api/list-beneficiary-keys";
import { createKey, fetchBeneficiaryKeys, isKeyExists, unwrapBeneficiaryKey } from "./key-ring";
import { batches, groupPending, normalizeEmail, type PendingGroup } from "./pending-items";

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
 * Addresses without a key get an escrowed one (before this change a release handed their items
 * over with the e-mailed code alone; moving over must not take that away without the owner
 * choosing), made with their first batch of items. A failure leaves the items pending for the next
 * time; nothing secret is logged or kept.
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
    const wrapped = await moveGroup(queryClient, dataKey, group).catch(() => 0);
    result.wrapped += wrapped;
    result.failed += group.items.length - wrapped;
    onProgress?.({ total, done: result.wrapped + result.failed });
  }
  await queryClient.invalidateQueries({ queryKey: beneficiaryKeysQueryKey });
  return result;
}

/** One address's pending items; returns how many were wrapped (the rest stay pending). */
async function moveGroup(
  queryClient: QueryClient,
  dataKey: CryptoKey,
  group: PendingGroup,
): Promise<number> {
  const opened = await openContentKeys(dataKey, group.items);
  if (opened.length === 0) return 0;
  const [first = [], ...rest] = batches(opened, WRAP_ITEMS_MAX);
  let key = group.key;
  let bk: CryptoKey;
  let wrapped = 0;
  if (!key) {
    try {
      ({ key, bk } = await createKey({
        dataKey,
        email: group.email,
        isEscrowed: true,
        items: first,
      }));
      wrapped += first.length;
    } catch (err) {
      if (!isKeyExists(err)) throw err;
      // Another tab made this address's key meanwhile: wrap for that one.
      const now = await fetchBeneficiaryKeys(queryClient);
      key = now.keys.find((k) => normalizeEmail(k.email) === group.email);
      if (!key) throw err;
      bk = await unwrapBeneficiaryKey(dataKey, key);
      rest.unshift(first);
    }
  } else {
    bk = await unwrapBeneficiaryKey(dataKey, key);
    rest.unshift(first);
  }
  for (const batch of rest) {
    if (batch.length === 0) continue;
    const items: ItemWrapInput[] = await Promise.all(
      batch.map(async ({ assetId, contentKey }) => ({
        assetId,
        wrappedKey: toBase64(await wrapContentKey(contentKey, bk, assetId)),
      })),
    );
    try {
      await wrapItems(key.id, { items });
      wrapped += batch.length;
    } catch {
      // This batch stays pending; the next ones may still go through.
    }
  }
  return wrapped;
}

/** The items' content keys, unwrapped with the data key (extractable, to wrap them again); an item that does not open stays pending. */
async function openContentKeys(dataKey: CryptoKey, items: readonly PendingItemView[]) {
  const opened = await Promise.all(
    items.map(async ({ assetId, wrappedKey }) => {
      try {
        const contentKey = await unwrapContentKey(fromBase64(wrappedKey), dataKey, assetId, true);
        return { assetId, contentKey };
      } catch {
        return null;
      }
    }),
  );
  return opened.filter((o) => o !== null);
}
