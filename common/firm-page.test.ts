import { describe, expect, it } from "vitest";
import { brandColorProblem, contrastRatio, numberedSlug, slugFromName } from "./firm-page.js";

describe("slugFromName", () => {
  it("lowercases, drops accents, joins words with hyphens and keeps within 3 to 40", () => {
    expect(slugFromName("Müller & Söhne, LLP")).toBe("muller-sohne-llp");
    expect(slugFromName("  --A--  ")).toBe("firm-a");
    expect(slugFromName("!!!")).toBe("firm");
    const long = slugFromName("Very Long Name ".repeat(5));
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])$/);
  });
  it("numbers a taken slug within the length", () => {
    expect(numberedSlug("smith", 2)).toBe("smith-2");
    expect(numberedSlug("a".repeat(40), 12)).toBe(`${"a".repeat(37)}-12`);
  });
});

describe("brand colour contrast", () => {
  it("computes the WCAG ratio", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#767676")).toBeCloseTo(4.54, 2);
  });
  it("accepts a colour white text reaches AA on, refuses a lighter one and a malformed one", () => {
    expect(brandColorProblem("#767676")).toBeUndefined();
    expect(brandColorProblem("#777777")).toMatch(/contrast of 4\.48:1; at least 4\.5:1/);
    expect(brandColorProblem("#fff")).toMatch(/six hexadecimal digits/);
  });
});
