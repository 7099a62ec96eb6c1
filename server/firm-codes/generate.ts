import { randomInt } from "node:crypto";
import { FIRM_CODE_LENGTH } from "../../common/constants.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** A random firm code of 6 characters from A-Z and 0-9, from the CSPRNG. */
export function generateFirmCode(): string {
  let code = "";
  for (let i = 0; i < FIRM_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The spec pads a shorter code with spaces to 6 characters; look-ups ignore the padding. */
export function padFirmCode(code: string): string {
  return code.padEnd(FIRM_CODE_LENGTH, " ");
}
