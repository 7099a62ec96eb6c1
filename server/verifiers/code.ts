import { randomInt, timingSafeEqual } from "node:crypto";

/**
 * The 6-digit code a verifier is e-mailed to prove their address (docs/decisions/081, 082): only
 * its HMAC (`deps.hmac` of a purpose-bound string) is stored, compared in constant time.
 */
export const newVerifierCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

export function isCodeMatch(storedHash: string, givenHash: string): boolean {
  const expected = Buffer.from(storedHash, "hex");
  const given = Buffer.from(givenHash, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
