/**
 * Firm codes (docs/decisions/018-firm-codes.md): what a new code is made of and how whatever a
 * person types becomes the code it is compared with. Pure: used by server and web alike.
 */

/** Digits and upper-case letters without the look-alikes 0/O and 1/I/L: 31 symbols. */
export const FIRM_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** Case, whitespace and hyphens (any dash a keyboard or a word processor makes) do not matter. */
export function normalizeFirmCode(typed: string): string {
  return typed.replace(/[\s\-\u2010-\u2015\u2212]+/g, "").toUpperCase();
}

/** True when every character of an (already normalised) code is in FIRM_CODE_ALPHABET. */
export const isInFirmCodeAlphabet = (code: string) => [...code].every((ch) => FIRM_CODE_ALPHABET.includes(ch));
