import { randomInt } from "node:crypto";
import { FIRM_CODE_ALPHABET, FIRM_CODE_LENGTH } from "../../common/firm-codes.js";

/** A random firm code: 8 characters of the alphabet without look-alikes, from the CSPRNG (about 40 bits). */
export function generateFirmCode(): string {
  let code = "";
  for (let i = 0; i < FIRM_CODE_LENGTH; i++)
    code += FIRM_CODE_ALPHABET[randomInt(FIRM_CODE_ALPHABET.length)];
  return code;
}
