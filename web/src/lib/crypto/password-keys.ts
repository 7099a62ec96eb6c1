/**
 * Owner-held data keys (docs/decisions/038-owner-held-keys.md), WebCrypto only.
 *
 * password ─PBKDF2-SHA-256(salt, iterations)─▶ MK ─HKDF "legacy-vault:auth"──────▶ sign-in secret (sent)
 *                                                 └HKDF "legacy-vault:data-key-wrap"▶ password key PK (never leaves)
 * recovery key R (20 random bytes) ─HKDF "legacy-vault:recovery-wrap"▶ recovery wrapping key RK
 * session key (32 bytes from the server, per session) ─▶ wraps DK in this tab's sessionStorage
 *   (and a beneficiary's access keys in theirs, with the portal session's key: lib/keys/tab-copy.ts)
 *
 * The data key DK is made here; the server only ever sees it wrapped with PK and RK.
 * Works in browsers and in Node 20 (globalThis.crypto), so tests use the same code.
 */
import { DecryptError } from "./vault-crypto";

type Bytes = Uint8Array<ArrayBuffer>;
const te = new TextEncoder();
const IV_BYTES = 12;
const SALT_BYTES = 16;
const RECOVERY_KEY_BYTES = 20;
/** Crockford's base32: no I, L, O, U. Typed back, I and L read as 1, O as 0. */
const BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * What each wrap binds as additional data: a blob made for one purpose opens for no other. DK's
 * wraps, and an access key a beneficiary brought, kept in their tab under its beneficiary key id
 * (decision 075).
 */
export type DataKeyWrapContext = "password" | "recovery" | "session" | `access-key:${string}`;
const aad = (context: DataKeyWrapContext) => te.encode(`data-key:${context}`);

export type Kdf = { salt: Uint8Array; iterations: number };

/** A fresh salt with the given cost (KDF_ITERATIONS from common/keys.ts for new keys). */
export const newKdf = (iterations: number): Kdf => ({
  salt: crypto.getRandomValues(new Uint8Array(SALT_BYTES)),
  iterations,
});

export type PasswordKeys = {
  /** base64url of 32 bytes (43 characters): what the server receives as the password. */
  signInSecret: string;
  /** Wraps and unwraps DK only; non-extractable. */
  passwordKey: CryptoKey;
};

/** The sign-in secret and the password key, from the password and the account's salt and cost. */
export async function derivePasswordKeys(password: string, kdf: Kdf): Promise<PasswordKeys> {
  const base = await crypto.subtle.importKey("raw", te.encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const mk = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: new Uint8Array(kdf.salt), iterations: kdf.iterations },
    base,
    256,
  );
  const hkdf = await crypto.subtle.importKey("raw", mk, "HKDF", false, ["deriveBits", "deriveKey"]);
  const params = (info: string) => ({
    name: "HKDF",
    hash: "SHA-256",
    salt: new Uint8Array(0),
    info: te.encode(info),
  });
  const [secret, passwordKey] = await Promise.all([
    crypto.subtle.deriveBits(params("legacy-vault:auth"), hkdf, 256),
    crypto.subtle.deriveKey(
      params("legacy-vault:data-key-wrap"),
      hkdf,
      { name: "AES-GCM", length: 256 },
      false,
      ["wrapKey", "unwrapKey"],
    ),
  ]);
  return { signInSecret: toBase64Url(new Uint8Array(secret)), passwordKey };
}

/** A new data key, extractable so that it can be wrapped (keep only the unwrapped, non-extractable copy). */
export const newDataKey = (): Promise<CryptoKey> =>
  crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["wrapKey", "unwrapKey"]);

/** An escrowed raw DK (GET /api/vault/key of an account not moved over yet), extractable to wrap it. */
export const importRawDataKey = (raw: Uint8Array, extractable: boolean): Promise<CryptoKey> =>
  crypto.subtle.importKey("raw", new Uint8Array(raw), { name: "AES-GCM" }, extractable, [
    "wrapKey",
    "unwrapKey",
  ]);

/** DK (extractable) wrapped with `wrappingKey`: 12-byte IV ‖ AES-GCM ciphertext ‖ tag. */
export async function wrapDataKey(
  dataKey: CryptoKey,
  wrappingKey: CryptoKey,
  context: DataKeyWrapContext,
): Promise<Bytes> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const wrapped = await crypto.subtle.wrapKey("raw", dataKey, wrappingKey, {
    name: "AES-GCM",
    iv,
    additionalData: aad(context),
  });
  const out = new Uint8Array(IV_BYTES + wrapped.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(wrapped), IV_BYTES);
  return out;
}

/** Opens a wrapped DK; DecryptError for a wrong key (a wrong password) or a changed blob. */
export async function unwrapDataKey(
  wrapped: Uint8Array,
  wrappingKey: CryptoKey,
  context: DataKeyWrapContext,
  extractable = false,
): Promise<CryptoKey> {
  try {
    return await crypto.subtle.unwrapKey(
      "raw",
      new Uint8Array(wrapped.subarray(IV_BYTES)),
      wrappingKey,
      {
        name: "AES-GCM",
        iv: new Uint8Array(wrapped.subarray(0, IV_BYTES)),
        additionalData: aad(context),
      },
      { name: "AES-GCM" },
      extractable,
      ["wrapKey", "unwrapKey"],
    );
  } catch {
    throw new DecryptError();
  }
}

/** A wrapping key from 32 raw bytes (the per-session key the server keeps for this session). */
export const importWrappingKey = (raw: Uint8Array): Promise<CryptoKey> =>
  crypto.subtle.importKey("raw", new Uint8Array(raw), { name: "AES-GCM" }, false, [
    "wrapKey",
    "unwrapKey",
  ]);

/* ---------- recovery key ---------- */

/** A new recovery key as shown to the owner: 32 characters of Crockford base32 in groups of four. */
export function newRecoveryKey(): string {
  return formatRecoveryKey(crypto.getRandomValues(new Uint8Array(RECOVERY_KEY_BYTES)));
}

/** 20 bytes as 32 base32 characters, "ABCD-EFGH-…" (8 groups). */
export function formatRecoveryKey(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{1,4}/g)!.join("-");
}

/** The 20 bytes of a typed recovery key (case, spaces and hyphens ignored; I/L→1, O→0), or null. */
export function parseRecoveryKey(text: string): Bytes | null {
  const clean = text.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (clean.length !== (RECOVERY_KEY_BYTES * 8) / 5) return null;
  const out = new Uint8Array(RECOVERY_KEY_BYTES);
  let bits = 0;
  let value = 0;
  let i = 0;
  for (const ch of clean) {
    const v = BASE32.indexOf(ch);
    if (v < 0) return null;
    value = ((value << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out[i++] = (value >>> (bits - 8)) & 0xff;
      bits -= 8;
    }
  }
  return out;
}

/** The key that wraps DK for a recovery key (160 random bits: HKDF, no slow KDF needed). */
export async function recoveryWrappingKey(recoveryKey: Uint8Array): Promise<CryptoKey> {
  const hkdf = await crypto.subtle.importKey("raw", new Uint8Array(recoveryKey), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: te.encode("legacy-vault:recovery-wrap"),
    },
    hkdf,
    { name: "AES-GCM", length: 256 },
    false,
    ["wrapKey", "unwrapKey"],
  );
}

function toBase64Url(b: Uint8Array): string {
  let s = "";
  for (const x of b) s += String.fromCharCode(x);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
