import { describe, expect, it } from "vitest";
import { accessKeyFromText, accessKeyToText, randomShare } from "@/lib/crypto/beneficiary-keys";
import { groupForReading } from "./access-key-text";

describe("groupForReading", () => {
  it("groups the text by four, the last group shorter", () => {
    expect(groupForReading("abcdefghij")).toBe("abcd efgh ij");
    expect(groupForReading("")).toBe("");
  });

  it("reads back as the same access key", () => {
    const key = randomShare();
    const grouped = groupForReading(accessKeyToText(key));
    expect(grouped.split(" ")).toHaveLength(11);
    expect(accessKeyFromText(grouped)).toEqual(key);
  });
});
