import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * What an authenticator app shows for a base32 key at `at` (RFC 6238: HMAC-SHA-1, 30 s, 6 digits),
 * written from the RFC so that tests do not check the server's code with itself.
 */
export function totpCode(secret: string, at = Date.now(), offsetSteps = 0): string {
  const counter = Math.floor(at / 1000 / 30) + offsetSteps;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", base32Bytes(secret)).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 1_000_000).padStart(6, "0");
}

/** A code the app does not show now nor in the steps around it: a wrong code that is surely wrong. */
export function wrongTotpCode(secret: string, at = Date.now()): string {
  const near = new Set([-2, -1, 0, 1, 2].map((step) => totpCode(secret, at, step)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!near.has(candidate)) return candidate;
  }
}

/**
 * The code of the next step, which the server accepts now (one step either side) and which is not
 * the code just used to confirm the app: a code works once (decision 052).
 */
export const nextTotpCode = (secret: string): string => totpCode(secret, Date.now(), 1);
