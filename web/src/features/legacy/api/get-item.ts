import type { LegacyItem, LegacyItemDetail } from "@common/legacy";
import type { AssetFileKind, AssetType, ContentOf } from "@common/assets";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { DecryptError, decryptJson, fromBase64, importContentKey } from "@/lib/crypto/vault-crypto";
import { legacyQueryKey } from "./list-items";

export const getLegacyItem = (id: string) =>
  api<{ item: LegacyItemDetail }>(`/api/legacy/items/${encodeURIComponent(id)}`).then(
    (r) => r.item,
  );

/** Where a released item's file (ciphertext) is, for downloadAssetFile. */
export const legacyFilePath = (id: string, kind: AssetFileKind) =>
  `/api/legacy/items/${encodeURIComponent(id)}/files/${kind}`;

type Opened<T extends AssetType> = {
  type: T;
  item: LegacyItem;
  contentKey: CryptoKey;
  content: ContentOf<T>;
};
/** A released item, decrypted in the browser with the content key the server handed to this beneficiary (`type` tells the content's shape). */
export type OpenedLegacyItem = { [T in AssetType]: Opened<T> }[AssetType];

/** Base64 that does not decode is damaged like a wrong tag: nothing can be shown. */
function decode(base64: string): Uint8Array {
  try {
    return fromBase64(base64);
  } catch {
    throw new DecryptError();
  }
}

async function openLegacyItem(id: string): Promise<OpenedLegacyItem> {
  const { contentKey: rawKey, encryptedData, files: _files, ...item } = await getLegacyItem(id);
  const contentKey = await importContentKey(decode(rawKey));
  const content = await decryptJson<ContentOf<AssetType>>(contentKey, decode(encryptedData));
  return { type: item.type, item, contentKey, content } as OpenedLegacyItem;
}

/** The opened items' queries (sign-out forgets them). */
export const legacyItemQueryKey = [...legacyQueryKey, "item"] as const;

/** A DecryptError or the server's answer surfaces as the query's error; never partial data. */
export const openLegacyItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...legacyItemQueryKey, id],
    queryFn: () => openLegacyItem(id),
    staleTime: 0,
    gcTime: 0, // decrypted content leaves memory as soon as the item is closed
    retry: false,
  });

export const useOpenLegacyItem = (id: string) => useQuery(openLegacyItemQueryOptions(id));
