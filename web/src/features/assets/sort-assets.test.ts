import type { OpenedAssetView } from "./titles/open-titles";
import { describe, expect, it } from "vitest";
import { openedAssetView } from "@/testing/asset-views";
import { isAssetSort, sortAssets } from "./sort-assets";

const asset = (title: string, over: Partial<OpenedAssetView> = {}): OpenedAssetView =>
  openedAssetView({ id: title, title, ...over });
const titles = (list: OpenedAssetView[]) => list.map((a) => a.title);

describe("sortAssets", () => {
  const bank = asset("bank", { updatedAt: "2026-03-01T00:00:00.000Z" });
  const email = asset("Email", {
    lastUsedAt: "2026-02-01T00:00:00.000Z",
    updatedAt: "2026-01-02T00:00:00.000Z",
  });
  const wifi10 = asset("Wifi 10", { lastUsedAt: "2026-04-01T00:00:00.000Z" });
  const wifi9 = asset("Wifi 9");
  const list = [wifi10, email, wifi9, bank];

  it("by name: case-insensitive, numbers in number order", () => {
    expect(titles(sortAssets(list, "name"))).toEqual(["bank", "Email", "Wifi 9", "Wifi 10"]);
  });

  it("recently used: newest use first, never used last (by name)", () => {
    expect(titles(sortAssets(list, "used"))).toEqual(["Wifi 10", "Email", "bank", "Wifi 9"]);
  });

  it("recently changed: newest update first, ties by name", () => {
    expect(titles(sortAssets(list, "changed"))).toEqual(["bank", "Email", "Wifi 9", "Wifi 10"]);
  });

  it("favourites first in every order, and the input is left as it was", () => {
    const starred = [...list, asset("zoo", { isFavorite: true }), { ...wifi9, isFavorite: true }];
    expect(titles(sortAssets(starred, "name"))).toEqual([
      "Wifi 9",
      "zoo",
      "bank",
      "Email",
      "Wifi 9",
      "Wifi 10",
    ]);
    expect(titles(sortAssets(starred, "used")).slice(0, 2)).toEqual(["Wifi 9", "zoo"]);
    expect(titles(list)).toEqual(["Wifi 10", "Email", "Wifi 9", "bank"]);
  });

  it("knows its sorts", () => {
    expect(isAssetSort("used")).toBe(true);
    expect(isAssetSort("size")).toBe(false);
  });
});
