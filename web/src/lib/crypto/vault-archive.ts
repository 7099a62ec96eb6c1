/**
 * The encrypted archive (.lvault, docs/decisions/055-encrypted-export.md), WebCrypto only:
 *
 *   password ─NFC─PBKDF2-HMAC-SHA-256(salt, iterations)─▶ AES-256-GCM key (non-extractable)
 *   file = header (40 bytes) ‖ AES-GCM(key, IV, ZIP, additional data = header) ‖ tag
 *   header = "LVAULT" ‖ version ‖ KDF id ‖ iterations (uint32 BE) ‖ salt (16) ‖ IV (12)
 *
 * Works in browsers and in Node 20 (globalThis.crypto), so the tests run the same code.
 */
import { KDF_ITERATIONS, KDF_ITERATIONS_MAX, KDF_ITERATIONS_MIN } from "@common/keys";
import { ARCHIVE_MSG, VAULT_ARCHIVE as A } from "@common/export";

type Bytes = Uint8Array<ArrayBuffer>;
const te = new TextEncoder();
const MAGIC = te.encode(A.magic);

/** Why an archive did not open; the message is for the person. */
export type ArchiveErrorReason = "notArchive" | "newerVersion" | "wrongPassword";
export class ArchiveError extends Error {
  constructor(readonly reason: ArchiveErrorReason) {
    super(ARCHIVE_MSG[reason]);
  }
}

export type ArchiveHeader = { version: number; iterations: number; salt: Bytes; iv: Bytes };

/** True when the bytes start like an archive (the magic), whatever follows. */
export const isVaultArchive = (head: Uint8Array) =>
  head.length >= MAGIC.length && MAGIC.every((b, i) => head[i] === b);

function writeHeader({ iterations, salt, iv }: Omit<ArchiveHeader, "version">): Bytes {
  const header = new Uint8Array(A.headerBytes);
  header.set(MAGIC, 0);
  header[6] = A.version;
  header[7] = A.kdfPbkdf2Sha256;
  new DataView(header.buffer).setUint32(8, iterations, false);
  header.set(salt, 12);
  header.set(iv, 12 + A.saltBytes);
  return header;
}

/**
 * The header of an archive: throws ArchiveError "notArchive" for anything else (or a KDF cost
 * outside the accepted range, which a crafted file could set to hang the tab) and "newerVersion"
 * for a version or KDF this code does not know.
 */
export function readArchiveHeader(file: Uint8Array): ArchiveHeader {
  if (file.length < A.headerBytes + A.tagBytes || !isVaultArchive(file))
    throw new ArchiveError("notArchive");
  const version = file[6] as number;
  if (version !== A.version || file[7] !== A.kdfPbkdf2Sha256)
    throw new ArchiveError("newerVersion");
  const iterations = new DataView(file.buffer, file.byteOffset).getUint32(8, false);
  if (iterations < KDF_ITERATIONS_MIN || iterations > KDF_ITERATIONS_MAX)
    throw new ArchiveError("notArchive");
  return {
    version,
    iterations,
    salt: file.slice(12, 12 + A.saltBytes),
    iv: file.slice(12 + A.saltBytes, A.headerBytes),
  };
}

async function archiveKey(
  password: string,
  salt: Bytes,
  iterations: number,
  usage: KeyUsage,
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey(
    "raw",
    te.encode(password.normalize("NFC")),
    "PBKDF2",
    false,
    ["deriveKey"],
  );
  return crypto.subtle.deriveKey(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    [usage],
  );
}

/**
 * The ZIP sealed under `password`: a fresh salt and IV each time. `iterations` is for tests
 * (the accepted range still applies); archives are made at KDF_ITERATIONS.
 */
export async function sealVaultArchive(
  zip: Uint8Array,
  password: string,
  iterations: number = KDF_ITERATIONS,
): Promise<Bytes> {
  const salt = crypto.getRandomValues(new Uint8Array(A.saltBytes));
  const iv = crypto.getRandomValues(new Uint8Array(A.ivBytes));
  const header = writeHeader({ iterations, salt, iv });
  const key = await archiveKey(password, salt, iterations, "encrypt");
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: header },
    key,
    new Uint8Array(zip),
  );
  const out = new Uint8Array(A.headerBytes + sealed.byteLength);
  out.set(header, 0);
  out.set(new Uint8Array(sealed), A.headerBytes);
  return out;
}

/**
 * The ZIP inside an archive. ArchiveError "wrongPassword" when the tag does not match: a wrong
 * password and a changed byte look the same to AES-GCM, and nothing is returned in either case.
 */
export async function openVaultArchive(file: Uint8Array, password: string): Promise<Bytes> {
  const { iterations, salt, iv } = readArchiveHeader(file);
  const key = await archiveKey(password, salt, iterations, "decrypt");
  try {
    const zip = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv, additionalData: new Uint8Array(file.subarray(0, A.headerBytes)) },
      key,
      new Uint8Array(file.subarray(A.headerBytes)),
    );
    return new Uint8Array(zip);
  } catch {
    throw new ArchiveError("wrongPassword");
  }
}
