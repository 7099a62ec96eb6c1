import { describe, expect, it } from "vitest";
import { normalizeRecoveryCode, RECOVERY_CODE_COUNT } from "../../common/two-factor.js";
import { newRecoveryCodes } from "./sign-in-factors.js";

describe("newRecoveryCodes", () => {
  it("makes ten distinct codes of the 31 symbols, each of which /mfa's normalising gives back", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
      expect(normalizeRecoveryCode(code.toLowerCase().replace("-", " "))).toBe(code);
    }
  });
});
