/**
 * The only code that touches WebCrypto (docs/decisions/009-vault-keys.md).
 * Blobs are IV (12 random bytes) ‖ AES-256-GCM ciphertext ‖ 16-byte tag.
 */
const IV_BYTES = 12;
const te = new TextEncoder();
const td = new TextDecoder();

/** Decryption failed: wrong key, or the stored bytes were changed (the GCM tag does not match). */
export class DecryptError extends Error {
  constructor() {
    super("This item could not be decrypted. It may have been damaged; nothing was shown.");
  }
}

type Bytes = Uint8Array<ArrayBuffer>;
const bytes = (b: ArrayBuffer | Uint8Array): Bytes =>
  b instanceof Uint8Array ? new Uint8Array(b) : new Uint8Array(b);

/** The user's data key from GET /api/vault/key, as a non-extractable key that can only wrap and unwrap content keys. */
export function importDataKey(raw: ArrayBuffer | Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", bytes(raw), { name: "AES-GCM" }, false, [
    "wrapKey",
    "unwrapKey",
  ]);
}

/** A content key handed over raw (a beneficiary's GET /api/legacy/items/:id), as a non-extractable key that can only decrypt. */
export async function importContentKey(raw: ArrayBuffer | Uint8Array): Promise<CryptoKey> {
  try {
    return await crypto.subtle.importKey("raw", bytes(raw), { name: "AES-GCM" }, false, [
      "decrypt",
    ]);
  } catch {
    throw new DecryptError();
  }
}

/** A fresh random AES-256-GCM content key for one asset. */
export function newContentKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt", "decrypt"]);
}

/** Wraps a content key with the data key; the asset id is bound as additional data. */
export async function wrapContentKey(
  contentKey: CryptoKey,
  dataKey: CryptoKey,
  assetId: string,
): Promise<Bytes> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const wrapped = await crypto.subtle.wrapKey("raw", contentKey, dataKey, {
    name: "AES-GCM",
    iv,
    additionalData: te.encode(assetId),
  });
  return concat(iv, new Uint8Array(wrapped));
}

/**
 * Content keys already unwrapped, by data key (gone with it: a lock drops the data key, decision
 * 046) and by asset id and wrapped bytes: a list opens each item's title, then its content, with
 * the same key (decision 080), and each unwrap is a WebCrypto call that costs the page's main
 * thread a task. Non-extractable keys only; a failed unwrap is not kept.
 */
const unwrapped = new WeakMap<CryptoKey, Map<string, Promise<CryptoKey>>>();

/**
 * The content key `wrapContentKey` wrapped. `extractable` only for the owner's browser, which wraps
 * it again for a beneficiary key (decision 032); a beneficiary's copy stays non-extractable.
 */
export function unwrapContentKey(
  wrapped: Uint8Array,
  dataKey: CryptoKey,
  assetId: string,
  extractable = false,
): Promise<CryptoKey> {
  if (extractable) return unwrapOnce(wrapped, dataKey, assetId, true);
  let byAsset = unwrapped.get(dataKey);
  if (!byAsset) unwrapped.set(dataKey, (byAsset = new Map()));
  const cacheKey = `${assetId}:${toBase64(wrapped)}`;
  const known = byAsset.get(cacheKey);
  if (known) return known;
  const key = unwrapOnce(wrapped, dataKey, assetId, false);
  byAsset.set(cacheKey, key);
  key.catch(() => byAsset.delete(cacheKey));
  return key;
}

async function unwrapOnce(
  wrapped: Uint8Array,
  dataKey: CryptoKey,
  assetId: string,
  extractable: boolean,
): Promise<CryptoKey> {
  try {
    return await crypto.subtle.unwrapKey(
      "raw",
      bytes(wrapped.subarray(IV_BYTES)),
      dataKey,
      {
        name: "AES-GCM",
        iv: bytes(wrapped.subarray(0, IV_BYTES)),
        additionalData: te.encode(assetId),
      },
      { name: "AES-GCM" },
      extractable,
      ["encrypt", "decrypt"],
    );
  } catch {
    throw new DecryptError();
  }
}

/** AES-GCM's parameters: the IV, and the additional data bound into the tag when there is some. */
const gcm = (iv: Bytes, additionalData?: string): AesGcmParams =>
  additionalData === undefined
    ? { name: "AES-GCM", iv }
    : { name: "AES-GCM", iv, additionalData: te.encode(additionalData) };

/**
 * Encrypts bytes with a fresh random 96-bit IV; `additionalData` (not secret, not stored) binds
 * the blob to its place, e.g. a title to its asset: decrypting needs the same text.
 */
export async function encryptBytes(
  key: CryptoKey,
  plaintext: ArrayBuffer | Uint8Array,
  additionalData?: string,
): Promise<Bytes> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ct = await crypto.subtle.encrypt(gcm(iv, additionalData), key, bytes(plaintext));
  return concat(iv, new Uint8Array(ct));
}

/** Decrypts a blob; throws DecryptError (never returns partial data) when it was tampered with. */
export async function decryptBytes(
  key: CryptoKey,
  blob: Uint8Array,
  additionalData?: string,
): Promise<Bytes> {
  try {
    const pt = await crypto.subtle.decrypt(
      gcm(bytes(blob.subarray(0, IV_BYTES)), additionalData),
      key,
      bytes(blob.subarray(IV_BYTES)),
    );
    return new Uint8Array(pt);
  } catch {
    throw new DecryptError();
  }
}

/** Encrypts text (UTF-8) with a fresh IV and the given additional data. */
export const encryptText = (key: CryptoKey, text: string, additionalData: string) =>
  encryptBytes(key, te.encode(text), additionalData);

/** The text `encryptText` sealed; DecryptError when the key, the additional data or a byte differs. */
export async function decryptText(
  key: CryptoKey,
  blob: Uint8Array,
  additionalData: string,
): Promise<string> {
  const pt = await decryptBytes(key, blob, additionalData);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(pt);
  } catch {
    throw new DecryptError();
  }
}

export const encryptJson = (key: CryptoKey, value: unknown) =>
  encryptBytes(key, te.encode(JSON.stringify(value)));

export async function decryptJson<T>(key: CryptoKey, blob: Uint8Array): Promise<T> {
  const pt = await decryptBytes(key, blob);
  try {
    return JSON.parse(td.decode(pt)) as T;
  } catch {
    throw new DecryptError();
  }
}

/** A small record sealed under the owner's data key: a key of its own, wrapped with `context`. */
export type SealedJson = { wrappedKey: string; data: string };

/**
 * Seals `value` as a beneficiary's details and the playbook's ticks are (decisions 038, 088): a new
 * key wrapped with the data key and `context` as additional data (so the server cannot move the
 * record onto another owner or beneficiary), the JSON encrypted with that key.
 */
export async function sealJson(
  dataKey: CryptoKey,
  context: string,
  value: unknown,
): Promise<SealedJson> {
  const key = await newContentKey();
  const [wrappedKey, data] = await Promise.all([
    wrapContentKey(key, dataKey, context),
    encryptJson(key, value),
  ]);
  return { wrappedKey: toBase64(wrappedKey), data: toBase64(data) };
}

/** What sealJson sealed under `context`; DecryptError when changed or sealed for another context. */
export async function openJson<T>(
  dataKey: CryptoKey,
  context: string,
  sealed: SealedJson,
): Promise<T> {
  const key = await unwrapContentKey(fromBase64(sealed.wrappedKey), dataKey, context);
  return decryptJson<T>(key, fromBase64(sealed.data));
}

function concat(a: Uint8Array, b: Uint8Array): Bytes {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

export function toBase64(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}

export function fromBase64(s: string): Bytes {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
