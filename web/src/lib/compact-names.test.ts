import { describe, expect, it } from "vitest";
import { compactNames } from "./compact-names";

describe("compactNames", () => {
  it("shows up to two names, then the first and +N", () => {
    expect(compactNames([])).toEqual({ shown: [], hidden: [] });
    expect(compactNames(["Emma", "Sam"])).toEqual({ shown: ["Emma", "Sam"], hidden: [] });
    expect(compactNames(["Emma", "Sam", "Lee"])).toEqual({
      shown: ["Emma"],
      hidden: ["Sam", "Lee"],
    });
  });
});
