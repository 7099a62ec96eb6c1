import { describe, expect, it } from "vitest";
import { toggleEmail } from "./picked-emails";

describe("toggleEmail", () => {
  it("adds at the end, removes where it was, never twice", () => {
    const once = toggleEmail([], "emma@example.com");
    const twice = toggleEmail(once, "sam@example.com");
    expect(twice).toEqual(["emma@example.com", "sam@example.com"]);
    expect(toggleEmail(twice, "emma@example.com")).toEqual(["sam@example.com"]);
    expect(toggleEmail(toggleEmail(twice, "emma@example.com"), "emma@example.com")).toEqual([
      "sam@example.com",
      "emma@example.com",
    ]);
  });
});
