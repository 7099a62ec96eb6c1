import type { AssetType, ContentOf } from "@common/assets";
import {
  decryptJson,
  encryptJson,
  newContentKey,
  unwrapContentKey,
  wrapContentKey,
} from "@/lib/crypto/vault-crypto";

/** A new asset's id, content key and encrypted fields; the id is made here because it is bound into the wrapped key. */
export async function sealNewAsset<T extends AssetType>(dataKey: CryptoKey, content: ContentOf<T>) {
  const id = crypto.randomUUID();
  const contentKey = await newContentKey();
  const [wrappedKey, encryptedData] = await Promise.all([
    wrapContentKey(contentKey, dataKey, id),
    encryptJson(contentKey, content),
  ]);
  return { id, contentKey, wrappedKey, encryptedData };
}

export async function openAsset<T extends AssetType>(
  dataKey: CryptoKey,
  {
    id,
    wrappedKey,
    encryptedData,
  }: { id: string; wrappedKey: Uint8Array; encryptedData: Uint8Array },
) {
  // Extractable: the owner's browser wraps it again when the item's beneficiary changes (decision 032).
  const contentKey = await unwrapContentKey(wrappedKey, dataKey, id, true);
  return { contentKey, content: await decryptJson<ContentOf<T>>(contentKey, encryptedData) };
}
