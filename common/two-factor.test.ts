import { describe, expect, it } from "vitest";
import { normalizeRecoveryCode } from "./two-factor.js";

describe("normalizeRecoveryCode", () => {
  it("accepts a code as people type it: lower case, spaces, typographic dashes, no hyphen", () => {
    for (const typed of ["7kq2m-xh9pa", " 7KQ2M XH9PA ", "7kq2m\u2013xh9pa", "7KQ2MXH9PA"])
      expect(normalizeRecoveryCode(typed)).toBe("7KQ2M-XH9PA");
  });

  it("leaves a code of the wrong length for the server to refuse", () => {
    expect(normalizeRecoveryCode("7kq2m-xh9p")).toBe("7KQ2MXH9P");
  });
});
