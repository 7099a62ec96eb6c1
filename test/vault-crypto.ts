/**
 * The browser's side of docs/decisions/009, with WebCrypto exactly as the web app uses it:
 * a random content key (CK) per asset, wrapped with the data key (DK) and the asset id as
 * additional data; content and files encrypted with CK. Every blob is IV ‖ ciphertext ‖ tag.
 */
import { webcrypto } from "node:crypto";

export type CryptoKey = webcrypto.CryptoKey;
const { subtle } = webcrypto;
const IV_BYTES = 12;
const utf8 = (s: string) => new TextEncoder().encode(s);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const iv = () => webcrypto.getRandomValues(new Uint8Array(IV_BYTES));
const join = (a: Uint8Array, b: ArrayBuffer) => Buffer.concat([a, new Uint8Array(b)]);

/** The data key from GET /api/vault/key, as the browser holds it: non-extractable, in memory. */
export const importDataKey = (base64: string) =>
  subtle.importKey("raw", Buffer.from(base64, "base64"), "AES-GCM", false, [
    "wrapKey",
    "unwrapKey",
  ]);

export async function encryptBytes(ck: CryptoKey, plaintext: Uint8Array): Promise<Buffer> {
  const nonce = iv();
  return join(nonce, await subtle.encrypt({ name: "AES-GCM", iv: nonce }, ck, plaintext));
}

export async function decryptBytes(ck: CryptoKey, blob: Uint8Array): Promise<Buffer> {
  return Buffer.from(
    await subtle.decrypt(
      { name: "AES-GCM", iv: blob.subarray(0, IV_BYTES) },
      ck,
      blob.subarray(IV_BYTES),
    ),
  );
}

/** A new asset's keys and ciphertext, ready for POST /api/assets. */
export async function sealAsset(dk: CryptoKey, assetId: string, content: unknown) {
  const ck = await subtle.generateKey({ name: "AES-GCM", length: 256 }, true, [
    "encrypt",
    "decrypt",
  ]);
  const nonce = iv();
  const wrapped = join(
    nonce,
    await subtle.wrapKey("raw", ck, dk, {
      name: "AES-GCM",
      iv: nonce,
      additionalData: utf8(assetId),
    }),
  );
  const encrypted = await encryptBytes(ck, utf8(JSON.stringify(content)));
  return { ck, wrappedKey: b64(wrapped), encryptedData: b64(encrypted) };
}

/** A title sealed as the browser seals it (docs/decisions/080): CK, `asset-title:<id>` as additional data. */
export async function sealTitle(ck: CryptoKey, assetId: string, title: string): Promise<string> {
  const nonce = iv();
  const sealed = await subtle.encrypt(
    { name: "AES-GCM", iv: nonce, additionalData: utf8(`asset-title:${assetId}`) },
    ck,
    utf8(title),
  );
  return b64(join(nonce, sealed));
}

/** A sealed title opened (fails for another item's title or an altered one). */
export async function openTitle(ck: CryptoKey, assetId: string, sealed: string): Promise<string> {
  const blob = Buffer.from(sealed, "base64");
  const plain = await subtle.decrypt(
    {
      name: "AES-GCM",
      iv: blob.subarray(0, IV_BYTES),
      additionalData: utf8(`asset-title:${assetId}`),
    },
    ck,
    blob.subarray(IV_BYTES),
  );
  return Buffer.from(plain).toString("utf8");
}

/** Unwraps an asset's CK (fails if the wrapped key belongs to another asset id or was altered). */
export async function unwrapContentKey(
  dk: CryptoKey,
  assetId: string,
  wrappedKeyBase64: string,
): Promise<CryptoKey> {
  const blob = Buffer.from(wrappedKeyBase64, "base64");
  return subtle.unwrapKey(
    "raw",
    blob.subarray(IV_BYTES),
    dk,
    { name: "AES-GCM", iv: blob.subarray(0, IV_BYTES), additionalData: utf8(assetId) },
    "AES-GCM",
    false,
    ["encrypt", "decrypt"],
  );
}

/** GET /api/assets/:id's answer back to the owner's content. */
export async function openAsset(
  dk: CryptoKey,
  asset: { id: string; wrappedKey: string; encryptedData: string },
): Promise<unknown> {
  const ck = await unwrapContentKey(dk, asset.id, asset.wrappedKey);
  return JSON.parse(
    (await decryptBytes(ck, Buffer.from(asset.encryptedData, "base64"))).toString("utf8"),
  );
}
