import { describe, expect, it } from "vitest";
import { checkStrength } from "@/lib/password-strength";
import { healthLabel, passwordHealth } from "./password-health";

/** A stand-in for zxcvbn: "weak…" passwords score 1, others 4. */
const fakeScore = (password: string) => (password.startsWith("weak") ? 1 : 4);

describe("passwordHealth", () => {
  it("marks weak (score below 3) and reused (same password in two or more items)", () => {
    const health = passwordHealth(
      [
        { id: "a", password: "weak1" },
        { id: "b", password: "Strong-and-unique-1" },
        { id: "c", password: "Shared-strong-2" },
        { id: "d", password: "Shared-strong-2" },
        { id: "e", password: "weak-shared" },
        { id: "f", password: "weak-shared" },
        { id: "g", password: "" },
      ],
      fakeScore,
    );
    expect(Object.fromEntries(health)).toEqual({
      a: { isWeak: true, isReused: false },
      c: { isWeak: false, isReused: true },
      d: { isWeak: false, isReused: true },
      e: { isWeak: true, isReused: true },
      f: { isWeak: true, isReused: true },
    });
    expect(healthLabel({ isWeak: true, isReused: true })).toBe("Weak and reused");
    expect(healthLabel({ isWeak: false, isReused: true })).toBe("Reused");
    expect(healthLabel({ isWeak: true, isReused: false })).toBe("Weak");
  });

  it("is case-sensitive and rates each distinct password once", () => {
    const rated: string[] = [];
    const health = passwordHealth(
      [
        { id: "a", password: "Same-Pass-99!" },
        { id: "b", password: "same-pass-99!" },
        { id: "c", password: "Same-Pass-99!" },
      ],
      (p) => (rated.push(p), 4),
    );
    expect([...health.keys()]).toEqual(["a", "c"]);
    expect(rated).toEqual(["Same-Pass-99!", "same-pass-99!"]);
  });
});

describe("checkStrength (zxcvbn with the common and English dictionaries)", () => {
  it("rates a common password weak, with feedback in words, and a random one strong", async () => {
    const common = await checkStrength("password123");
    expect(common.score).toBeLessThan(3);
    expect(common.warning).toMatch(/common|guess/i);
    expect((await checkStrength("q7#Vd!2mZp@9Lx$4Rk&8")).score).toBe(4);
  });

  it("counts the person's own words as guessable", async () => {
    const alone = await checkStrength("grace.hopper.bank");
    const withInputs = await checkStrength("grace.hopper.bank", ["grace.hopper", "bank"]);
    expect(withInputs.score).toBeLessThanOrEqual(alone.score);
    expect(withInputs.score).toBeLessThan(3);
  });
});
