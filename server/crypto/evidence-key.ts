import { createHash, createPrivateKey, createPublicKey, randomBytes, sign } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { EvidencePublicKey } from "../../common/release-evidence.js";
import type { Env } from "../env.js";
import type { Logger } from "../logger.js";

/** The server's Ed25519 key for release evidence certificates (docs/decisions/079). */
export type EvidenceSigner = {
  /** The public half, as GET /api/release-evidence/public-key publishes it (JWK). */
  publicKey: EvidencePublicKey;
  /** Ed25519 over `message`, base64. */
  sign: (message: Uint8Array) => string;
};

/** PKCS#8 DER of an Ed25519 private key is this prefix followed by its 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** An Ed25519 signer from the 32-byte private seed. */
export function createEvidenceSigner(seed: Buffer): EvidenceSigner {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  const jwk = createPublicKey(privateKey).export({ format: "jwk" });
  if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || !jwk.x) throw new Error("not an Ed25519 key");
  const keyId = createHash("sha256").update(Buffer.from(jwk.x, "base64url")).digest("hex");
  return {
    publicKey: { jwk: { kty: "OKP", crv: "Ed25519", x: jwk.x }, keyId },
    sign: (message) => sign(null, message, privateKey).toString("base64"),
  };
}

/**
 * RELEASE_EVIDENCE_KEY, or (development only: production refuses to start without it, server/env.ts)
 * a key generated once into DATA_DIR/release-evidence.key. Never in the database.
 */
export function loadEvidenceSigner(env: Env, log: Logger): EvidenceSigner {
  if (env.RELEASE_EVIDENCE_KEY)
    return createEvidenceSigner(Buffer.from(env.RELEASE_EVIDENCE_KEY, "base64"));
  const file = path.join(env.DATA_DIR, "release-evidence.key");
  if (existsSync(file))
    return createEvidenceSigner(Buffer.from(readFileSync(file, "utf8").trim(), "base64"));
  mkdirSync(env.DATA_DIR, { recursive: true });
  const seed = randomBytes(32);
  writeFileSync(file, seed.toString("base64") + "\n", { mode: 0o600 });
  log.warn(
    `RELEASE_EVIDENCE_KEY is not set: generated a development signing key in ${file}. Set RELEASE_EVIDENCE_KEY in production: certificates signed with this key verify only against its public half.`,
  );
  return createEvidenceSigner(seed);
}
