import type { LegacyItem } from "@common/legacy";
import { describe, expect, it } from "vitest";
import { groupByOwner, groupHeading } from "./group-by-owner";

const item = (id: string, ownerName: string, role: LegacyItem["role"]): LegacyItem => ({
  id,
  type: role === "executor" ? "estate" : "document",
  title: id,
  encryptedTitle: null,
  key: null,
  ownerName,
  releasedAt: "2026-01-01T00:00:00.000Z",
  accessEndsAt: "2027-01-01T00:00:00.000Z",
  role,
});

describe("the portal's groups", () => {
  it("puts an executor's estate entries and a legal contact's documents apart, per owner", () => {
    const groups = groupByOwner([
      item("bank", "Olga", "executor"),
      item("letter", "Olga", null),
      item("will", "Olga", "legal_contact"),
      item("car", "Olga", "executor"),
      item("watch", "Ben", null),
    ]);
    expect(groups.map((g) => [groupHeading(g), g.items.map((i) => i.id)])).toEqual([
      ["Left to you by Olga", ["letter"]],
      ["Olga's estate inventory: you are their executor", ["bank", "car"]],
      ["For you as Olga's legal contact", ["will"]],
      ["Left to you by Ben", ["watch"]],
    ]);
  });
});
