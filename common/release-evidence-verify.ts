import { z } from "zod";
import {
  EVIDENCE_FORMAT,
  EVIDENCE_VERSION,
  GENESIS_HASH,
  RELEASE_EVIDENCE_MSG,
  canonicalJson,
  entryHashInput,
  type EvidenceCertificate,
  type EvidenceFile,
  type EvidencePublicKey,
} from "./release-evidence.js";

/**
 * The one checker of a release evidence file (docs/decisions/079), used by
 * `npm run verify-evidence` (node:crypto) and the /verify-evidence page (WebCrypto). Pure: the
 * caller hands in SHA-256 and Ed25519 verification, and the server's published public key.
 */
type Bytes = Uint8Array<ArrayBuffer>;
export type EvidenceCrypto = {
  sha256: (bytes: Bytes) => Promise<Uint8Array>;
  verifyEd25519: (a: {
    jwk: EvidencePublicKey["jwk"];
    message: Bytes;
    signature: Bytes;
  }) => Promise<boolean>;
};

export type EvidenceVerdict =
  | { isIntact: true; message: string; certificate: EvidenceCertificate; entries: number }
  | {
      isIntact: false;
      /** The first entry that does not verify; null when every entry does and the certificate does not. */
      firstBadSeq: number | null;
      message: string;
    };

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const seq = z.number().int().min(1);
const fileSchema = z.object({
  certificate: z.looseObject({
    format: z.literal(EVIDENCE_FORMAT),
    version: z.literal(EVIDENCE_VERSION),
    range: z.object({ first: seq, last: z.number().int().min(0) }),
    lastHash: hex64,
    keyId: hex64,
  }),
  signature: z.string().max(200),
  entries: z.array(
    z.object({
      seq,
      prevHash: hex64,
      hash: hex64,
      entry: z.looseObject({ seq }).optional(),
    }),
  ),
});

const utf8 = (text: string) => new TextEncoder().encode(text);
const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function fromBase64(text: string): Bytes | null {
  try {
    const normal = text.replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(normal + "=".repeat((4 - (normal.length % 4)) % 4)), (c) =>
      c.charCodeAt(0),
    );
  } catch {
    return null;
  }
}

/** SHA-256 (hex) of the raw public key: the id a certificate names its signing key by. */
export async function evidenceKeyId(
  crypto: EvidenceCrypto,
  jwk: EvidencePublicKey["jwk"],
): Promise<string> {
  return toHex(await crypto.sha256(fromBase64(jwk.x) ?? new Uint8Array()));
}

/** Canonical JSON, or null for a value that has none (a fraction, say): such an entry was not written by the server. */
function canonicalOrNull(value: unknown): string | null {
  try {
    return canonicalJson(value);
  } catch {
    return null;
  }
}

const bad = (firstBadSeq: number | null, message: string): EvidenceVerdict => ({
  isIntact: false,
  firstBadSeq,
  message,
});

/** Says whether `raw` (the parsed JSON of a file) is intact, or names the first entry that is not. */
export async function verifyEvidenceFile(
  raw: unknown,
  { crypto, publicKey }: { crypto: EvidenceCrypto; publicKey: EvidencePublicKey },
): Promise<EvidenceVerdict> {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) return bad(null, RELEASE_EVIDENCE_MSG.notJson);
  const file = raw as EvidenceFile;
  const { certificate, entries } = file;
  const { first, last } = certificate.range;

  let prev: { seq: number; hash: string } | null = null;
  for (const [i, item] of entries.entries()) {
    const expected = first + i;
    if (item.seq !== expected) return bad(expected, `Entry ${expected} is missing.`);
    if (item.entry) {
      const body = canonicalOrNull(item.entry);
      const hash =
        body === null
          ? null
          : toHex(await crypto.sha256(utf8(entryHashInput(item.prevHash, body))));
      if (item.entry.seq !== item.seq || hash !== item.hash)
        return bad(item.seq, `Entry ${item.seq} was changed: its hash does not match its content.`);
    }
    const expectedPrev = prev ? prev.hash : first === 1 ? GENESIS_HASH : item.prevHash;
    if (item.prevHash !== expectedPrev) {
      // the entry itself verifies against the hash it holds: the one before it is not the one it followed
      const culprit = prev?.seq ?? item.seq;
      return bad(culprit, `Entry ${culprit} is not the entry that entry ${item.seq} followed.`);
    }
    prev = { seq: item.seq, hash: item.hash };
  }
  const lastSeq = prev?.seq ?? first - 1;
  if (lastSeq < last) return bad(lastSeq + 1, `Entry ${lastSeq + 1} is missing.`);
  if (lastSeq > last || (prev?.hash ?? GENESIS_HASH) !== certificate.lastHash)
    return bad(lastSeq, `Entry ${lastSeq} is not the last entry the certificate names.`);

  if (certificate.keyId !== (await evidenceKeyId(crypto, publicKey.jwk)))
    return bad(null, RELEASE_EVIDENCE_MSG.otherKey);
  const signature = fromBase64(file.signature);
  const isSigned =
    !!signature &&
    (await crypto.verifyEd25519({
      jwk: publicKey.jwk,
      message: utf8(canonicalOrNull(certificate) ?? ""),
      signature,
    }));
  if (!isSigned) return bad(null, RELEASE_EVIDENCE_MSG.badSignature);
  return {
    isIntact: true,
    message: RELEASE_EVIDENCE_MSG.intact,
    certificate,
    entries: entries.length,
  };
}
