import { createHash, randomBytes } from "node:crypto";

/** A random invitation token for the e-mailed link; only its sha256 is stored. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
