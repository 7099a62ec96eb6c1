import { FIRM_CODE_INPUT_MAX, normalizeFirmCode } from "@common/firm-codes";

/** What the join screen keeps of what is typed or pasted: case, spaces and hyphens ignored, at most 10 characters. */
export const toTypedFirmCode = (typed: string) =>
  normalizeFirmCode(typed).slice(0, FIRM_CODE_INPUT_MAX);
