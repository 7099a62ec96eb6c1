import { titleAdditionalData, type AssetType, type ContentOf } from "@common/assets";
import {
  decryptJson,
  decryptText,
  encryptJson,
  encryptText,
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

/** An asset's content, decrypted with its content key (unwrapped non-extractable: it only encrypts and decrypts). */
export async function openAsset<T extends AssetType>(
  dataKey: CryptoKey,
  {
    id,
    wrappedKey,
    encryptedData,
  }: { id: string; wrappedKey: Uint8Array; encryptedData: Uint8Array },
) {
  // Not extractable: a save that wraps it for a beneficiary unwraps its own copy from `wrappedKey`
  // (beneficiary-wrap.ts), so the key that sits with the open screen cannot be exported.
  const contentKey = await unwrapContentKey(wrappedKey, dataKey, id);
  return { contentKey, content: await decryptJson<ContentOf<T>>(contentKey, encryptedData) };
}

/**
 * An asset's title sealed with its content key (decision 080): IV ‖ AES-256-GCM(UTF-8 of the
 * trimmed title) ‖ tag, with `asset-title:<id>` as additional data, so that it opens only as this
 * asset's title (not another's, not as content). A fresh IV each time.
 */
export const sealTitle = (contentKey: CryptoKey, assetId: string, title: string) =>
  encryptText(contentKey, title.trim(), titleAdditionalData(assetId));

/** The title `sealTitle` sealed; DecryptError when the key, the asset or a byte differs. */
export const openTitle = (contentKey: CryptoKey, assetId: string, sealed: Uint8Array) =>
  decryptText(contentKey, sealed, titleAdditionalData(assetId));
