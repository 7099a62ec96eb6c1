import type { EvidenceCrypto } from "@common/release-evidence-verify";

/**
 * The release evidence checker's SHA-256 and Ed25519, from WebCrypto (decision 079): the browser
 * checks a file itself, with the server's published public key; nothing is uploaded.
 */
export const webEvidenceCrypto: EvidenceCrypto = {
  sha256: async (bytes) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
  verifyEd25519: async ({ jwk, message, signature }) => {
    try {
      const key = await crypto.subtle.importKey("jwk", jwk, { name: "Ed25519" }, false, ["verify"]);
      return await crypto.subtle.verify({ name: "Ed25519" }, key, signature, message);
    } catch {
      return false;
    }
  },
};
