import { describe, expect, it } from "vitest";
import {
  PLAYBOOK,
  countTicked,
  findPlaybookPlatform,
  playbookPlatformSchema,
  savePlaybookTicksSchema,
} from "./playbook.js";

describe("the playbook's data files", () => {
  it.each(PLAYBOOK.map((p) => [p.id, p] as const))("%s is valid", (_id, platform) => {
    expect(playbookPlatformSchema.parse(platform)).toEqual(platform);
    expect(platform.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("has unique ids, and covers the platforms the owner is asked about", () => {
    const ids = PLAYBOOK.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        "google",
        "apple",
        "facebook",
        "instagram",
        "microsoft",
        "linkedin",
        "x",
        "paypal",
        "amazon",
        "bank",
      ]),
    );
    expect(findPlaybookPlatform("google")?.toolName).toBe("Inactive Account Manager");
    expect(findPlaybookPlatform("myspace")).toBeUndefined();
  });

  it("refuses a link that is not https, a missing date and an unknown field", () => {
    const google = PLAYBOOK[0]!;
    const bad = (patch: object) =>
      playbookPlatformSchema.safeParse({ ...google, ...patch }).success;
    expect(bad({ officialUrl: "http://support.google.com/accounts" })).toBe(false);
    expect(bad({ sourceUrl: "javascript:alert(1)" })).toBe(false);
    expect(bad({ checkedOn: undefined })).toBe(false);
    expect(bad({ checkedOn: "3 Dec 2026" })).toBe(false);
    expect(bad({ extra: 1 })).toBe(false);
    expect(bad({})).toBe(true);
  });
});

describe("the owner's ticks", () => {
  it("counts only the platforms the playbook still has", () => {
    const day = "2026-12-03";
    expect(countTicked({})).toBe(0);
    expect(
      countTicked({
        google: { status: "done", on: day },
        x: { status: "not_used", on: day },
        myspace: { status: "done", on: day },
      }),
    ).toBe(2);
  });

  it("accepts a count no larger than the playbook", () => {
    const sealed = { wrappedKey: "A".repeat(80), data: "A".repeat(40) };
    const ok = (tickedCount: unknown) =>
      savePlaybookTicksSchema.safeParse({ ...sealed, tickedCount }).success;
    expect(ok(0)).toBe(true);
    expect(ok(PLAYBOOK.length)).toBe(true);
    expect(ok(PLAYBOOK.length + 1)).toBe(false);
    expect(ok(-1)).toBe(false);
    expect(ok(1.5)).toBe(false);
  });
});
