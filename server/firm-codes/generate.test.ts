import { describe, expect, it } from "vitest";
import { FIRM_CODE_ALPHABET } from "../../common/firm-codes.js";
import { generateFirmCode } from "./generate.js";

describe("generated firm codes", () => {
  const samples = Array.from({ length: 20_000 }, generateFirmCode);

  it("are 8 characters from the alphabet without look-alikes (no 0, O, 1, I or L)", () => {
    expect(FIRM_CODE_ALPHABET).toHaveLength(31);
    expect(FIRM_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    for (const code of samples) expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
  });

  it("use every symbol about equally and do not repeat (a uniform CSPRNG draw)", () => {
    const counts = new Map<string, number>();
    for (const ch of samples.join("")) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect([...counts.keys()].sort().join("")).toBe([...FIRM_CODE_ALPHABET].sort().join(""));
    const expected = (samples.length * 8) / FIRM_CODE_ALPHABET.length; // about 5,161 each
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.1);
    expect(new Set(samples).size).toBe(samples.length);
  });
});
