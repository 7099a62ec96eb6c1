import {
  WRAP_ITEMS_MAX,
  type BeneficiaryKeyView,
  type ItemWrapInput,
  type PendingItemView,
} from "@common/keys";
import type { QueryClient } from "@tanstack/react-query";
import { fromBase64, toBase64, unwrapContentKey, wrapContentKey } from "@/lib/crypto/vault-crypto";
import { wrapItems } from "./api/wrap-items";
import { createKey, fetchBeneficiaryKeys, isKeyExists, unwrapBeneficiaryKey } from "./key-ring";
import { batches, normalizeEmail, type PendingGroup } from "./pending-items";

/**
 * Whether a key made now for an address with these pending items is escrowed (decision 032,
 * "Defaults"): yes when one of them named the address before beneficiary keys existed (a release
 * then handed it over with the e-mailed code alone, which a new key must not take away without the
 * owner choosing), whichever code path makes the key first. Otherwise a hand-over key.
 * A server that does not say (`fromBeforeKeys` absent, older than this contract) counts as "before":
 * the escrowed key keeps what a release did, where a hand-over key could lose the item.
 */
export const isEscrowedByDefault = (items: readonly Pick<PendingItemView, "fromBeforeKeys">[]) =>
  items.some((item) => item.fromBeforeKeys !== false);

/** A content key, unwrapped from the owner's copy (data key) as extractable, to wrap it for a beneficiary key. */
export type OpenedContentKey = { assetId: string; contentKey: CryptoKey };

/** The items' content keys, extractable; an item that does not open is left out (it stays pending). */
export async function openPendingContentKeys(
  dataKey: CryptoKey,
  items: readonly Pick<PendingItemView, "assetId" | "wrappedKey">[],
): Promise<OpenedContentKey[]> {
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

export type WrapAddressOptions = {
  queryClient: QueryClient;
  dataKey: CryptoKey;
  /** The address, its current key (none: one is made) and its pending items. */
  group: PendingGroup;
  /** Re-issue: a new hand-over key replaces this one (a 409 then fails: another tab re-issued). */
  replaces?: string;
};

export type WrapAddressResult = { key: BeneficiaryKeyView; bk: CryptoKey; wrapped: number };

/**
 * Wraps one address's pending items with its key. An address without a key (or a re-issue) gets a
 * new one that wraps the first WRAP_ITEMS_MAX items in the same POST; escrowed by the rule above
 * (a re-issue never is). The rest go by PUT; a batch that fails stays pending. Throws when no key
 * could be made or found (nothing wrapped).
 */
export async function wrapAddressItems({
  queryClient,
  dataKey,
  group,
  replaces,
}: WrapAddressOptions): Promise<WrapAddressResult> {
  const opened = await openPendingContentKeys(dataKey, group.items);
  const [first = [], ...rest] = batches(opened, WRAP_ITEMS_MAX);
  let key = replaces ? undefined : group.key;
  let bk: CryptoKey;
  let wrapped = 0;
  if (!key) {
    try {
      ({ key, bk } = await createKey({
        dataKey,
        email: group.email,
        isEscrowed: !replaces && isEscrowedByDefault(group.items),
        items: first,
        replaces,
      }));
      wrapped += first.length;
    } catch (err) {
      if (!isKeyExists(err) || replaces) throw err;
      // Another tab made this address's key meanwhile: wrap for that one.
      const now = await fetchBeneficiaryKeys(queryClient);
      key = now.keys.find((k) => normalizeEmail(k.email) === normalizeEmail(group.email));
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
    try {
      await wrapItems(key.id, { items: await wrapAll(bk, batch) });
      wrapped += batch.length;
    } catch {
      // This batch stays pending; the next ones may still go through.
    }
  }
  return { key, bk, wrapped };
}

/** Content keys wrapped with a beneficiary key, the asset id as additional data. */
export const wrapAll = (
  bk: CryptoKey,
  items: readonly OpenedContentKey[],
): Promise<ItemWrapInput[]> =>
  Promise.all(
    items.map(async ({ assetId, contentKey }) => ({
      assetId,
      wrappedKey: toBase64(await wrapContentKey(contentKey, bk, assetId)),
    })),
  );
