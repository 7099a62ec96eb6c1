import { createHash, randomBytes } from "node:crypto";

/** A random token for an e-mailed link (invitations, release check-in and cancel) or a cookie; only its sha256 is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
