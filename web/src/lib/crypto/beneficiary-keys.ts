/**
 * Beneficiary keys (docs/decisions/032-beneficiary-keys.md), WebCrypto only.
 * BK = server share XOR access key, 32 bytes each. The owner keeps BK and the access key wrapped
 * with their data key; the server keeps its share; the beneficiary gets the access key.
 */
import { DecryptError } from "./vault-crypto";

export const SHARE_BYTES = 32;
const IV_BYTES = 12;
const te = new TextEncoder();

type Bytes = Uint8Array<ArrayBuffer>;

/** 32 fresh random bytes: a server share or an access key. */
export const randomShare = (): Bytes => crypto.getRandomValues(new Uint8Array(SHARE_BYTES));

/** The beneficiary key's bytes from its two shares (either order). */
export function combineShares(a: Uint8Array, b: Uint8Array): Bytes {
  if (a.length !== SHARE_BYTES || b.length !== SHARE_BYTES) throw new DecryptError();
  const out = new Uint8Array(SHARE_BYTES);
  for (let i = 0; i < SHARE_BYTES; i++) out[i] = a[i]! ^ b[i]!;
  return out;
}

/** BK as a non-extractable AES-GCM key that can only wrap and unwrap content keys. */
export function importBeneficiaryKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new Uint8Array(raw), { name: "AES-GCM" }, false, [
    "wrapKey",
    "unwrapKey",
  ]);
}

/** The additional data bound into the owner's wrapped copies of a beneficiary key and of its access key. */
export const wrapContext = {
  beneficiaryKey: (keyId: string) => `beneficiary-key:${keyId}`,
  accessKey: (keyId: string) => `access-key:${keyId}`,
};

/** 32 raw bytes wrapped with the owner's data key: 12-byte IV ‖ AES-GCM ciphertext ‖ tag, `context` as additional data. */
export async function wrapRaw(
  dataKey: CryptoKey,
  raw: Uint8Array,
  context: string,
): Promise<Bytes> {
  const asKey = await crypto.subtle.importKey(
    "raw",
    new Uint8Array(raw),
    { name: "AES-GCM" },
    true,
    ["encrypt"],
  );
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const wrapped = await crypto.subtle.wrapKey("raw", asKey, dataKey, {
    name: "AES-GCM",
    iv,
    additionalData: te.encode(context),
  });
  const out = new Uint8Array(IV_BYTES + wrapped.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(wrapped), IV_BYTES);
  return out;
}

/** The raw bytes `wrapRaw` wrapped; throws DecryptError for another data key, another context or changed bytes. */
export async function unwrapRaw(
  dataKey: CryptoKey,
  wrapped: Uint8Array,
  context: string,
): Promise<Bytes> {
  try {
    const key = await crypto.subtle.unwrapKey(
      "raw",
      new Uint8Array(wrapped.subarray(IV_BYTES)),
      dataKey,
      {
        name: "AES-GCM",
        iv: new Uint8Array(wrapped.subarray(0, IV_BYTES)),
        additionalData: te.encode(context),
      },
      { name: "AES-GCM" },
      true,
      ["encrypt"],
    );
    return new Uint8Array(await crypto.subtle.exportKey("raw", key));
  } catch {
    throw new DecryptError();
  }
}

/** An access key as text: unpadded base64url (43 characters). */
export function accessKeyToText(key: Uint8Array): string {
  let s = "";
  for (const b of key) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An access key typed or pasted (spaces, dashes between groups and line breaks allowed), or null. */
export function accessKeyFromText(text: string): Bytes | null {
  const clean = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9_-]{43}$/.test(clean)) return null;
  const bin = atob(clean.replace(/-/g, "+").replace(/_/g, "/") + "=");
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.length === SHARE_BYTES ? out : null;
}

/** The link an owner gives a beneficiary: the access key travels after `#`, so it never reaches a server. */
export function accessKeyLink(origin: string, keyId: string, accessKey: Uint8Array): string {
  return `${origin}/legacy#access=${keyId}.${accessKeyToText(accessKey)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key id and access key in a link, a fragment ("#access=…") or the "id.key" text itself; null when it is none of these. */
export function parseAccessKeyLink(text: string): { keyId: string; accessKey: Bytes } | null {
  const trimmed = text.trim();
  const hash = trimmed.includes("#") ? trimmed.slice(trimmed.indexOf("#") + 1) : trimmed;
  const value = hash.startsWith("access=") ? hash.slice("access=".length) : hash;
  const dot = value.indexOf(".");
  if (dot < 0) return null;
  const keyId = value.slice(0, dot);
  const accessKey = accessKeyFromText(value.slice(dot + 1));
  return UUID.test(keyId) && accessKey ? { keyId: keyId.toLowerCase(), accessKey } : null;
}
