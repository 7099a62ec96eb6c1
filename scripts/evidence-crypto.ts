import { createHash, createPublicKey, verify } from "node:crypto";
import type { EvidenceCrypto } from "../common/release-evidence-verify.js";

/** The checker's SHA-256 and Ed25519 from node:crypto (the web app's come from WebCrypto). */
export const nodeEvidenceCrypto: EvidenceCrypto = {
  sha256: async (bytes) => new Uint8Array(createHash("sha256").update(bytes).digest()),
  verifyEd25519: async ({ jwk, message, signature }) => {
    try {
      return verify(null, message, createPublicKey({ key: jwk, format: "jwk" }), signature);
    } catch {
      return false;
    }
  },
};
