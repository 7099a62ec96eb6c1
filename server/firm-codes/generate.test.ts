import { describe, expect, it } from "vitest";
import { generateFirmCode, padFirmCode } from "./generate.js";

describe("firm codes", () => {
  it("generates 6 characters from A-Z and 0-9, differently each time", () => {
    const codes = new Set(Array.from({ length: 200 }, generateFirmCode));
    for (const c of codes) expect(c).toMatch(/^[A-Z0-9]{6}$/);
    expect(codes.size).toBeGreaterThan(195);
  });

  it("pads a shorter code with spaces to 6", () => {
    expect(padFirmCode("ABC")).toBe("ABC   ");
    expect(padFirmCode("ABCDEF")).toBe("ABCDEF");
  });
});
