import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { API_KEY_PATTERN } from "../../common/firm-api.js";

/** SHA-256 of a key's secret, hex: enough for 32 random bytes (no guessing to slow down). */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A new key: its id, its text (shown once) and the hash that is stored. */
export function newApiKey(): { id: string; token: string; secretHash: string } {
  const id = randomUUID();
  const secret = randomBytes(32).toString("base64url");
  return { id, token: `lvk_${id.replaceAll("-", "")}_${secret}`, secretHash: hashSecret(secret) };
}

/** The key id (a uuid) and secret of a key's text, or null when it cannot be a key. */
export function parseApiKey(token: string): { id: string; secret: string } | null {
  const match = API_KEY_PATTERN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const hex = match[1];
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, secret: match[2] };
}

/** Whether `secret` hashes to `storedHash`, compared in constant time. */
export function isSecretOf(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
