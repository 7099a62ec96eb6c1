import { describe, expect, it } from "vitest";
import type { OpenedEstateContent } from "@common/assets/estate";
import type { OpenedAssetView } from "../titles/open-titles";
import { filterEstate, groupEstate, type EstateRow } from "./filter-estate";

const row = (title: string, content: Partial<OpenedEstateContent> | null): EstateRow => ({
  asset: { id: title, title, isTitleOpen: true } as unknown as OpenedAssetView,
  content: content && {
    category: "bank",
    institution: "",
    reference: "",
    contact: "",
    action: null,
    instructions: "",
    ...content,
  },
});

const rows = [
  row("Current account", { institution: "Northshire Bank", action: "close" }),
  row("Work pension", { category: "pension", action: "transfer", reference: "PX-99" }),
  row("Café loyalty", { category: "subscription", action: null }),
  row("Car", { category: "vehicle", action: "transfer" }),
  row("Not opened yet", null),
];
const titles = (r: EstateRow[]) => r.map((x) => x.asset.title);
const all = { search: "", category: "", action: "" } as const;

describe("filterEstate", () => {
  it("finds every word in any field, case and accents ignored", () => {
    expect(titles(filterEstate(rows, { ...all, search: "northshire ACCOUNT" }))).toEqual([
      "Current account",
    ]);
    expect(titles(filterEstate(rows, { ...all, search: "px-99" }))).toEqual(["Work pension"]);
    expect(titles(filterEstate(rows, { ...all, search: "cafe" }))).toEqual(["Café loyalty"]);
    expect(titles(filterEstate(rows, all))).toHaveLength(5);
  });

  it("filters by kind and by what should happen, 'none' being not decided", () => {
    expect(titles(filterEstate(rows, { ...all, category: "pension" }))).toEqual(["Work pension"]);
    expect(titles(filterEstate(rows, { ...all, action: "transfer" }))).toEqual([
      "Work pension",
      "Car",
    ]);
    expect(titles(filterEstate(rows, { ...all, action: "none" }))).toEqual(["Café loyalty"]);
    expect(
      titles(filterEstate(rows, { search: "car", category: "vehicle", action: "close" })),
    ).toEqual([]);
  });
});

describe("groupEstate", () => {
  it("lists the sections in the inventory's order, by name inside, unopened rows under Other", () => {
    const sections = groupEstate([...rows, row("A savings account", {})]);
    expect(sections.map((s) => [s.title, titles(s.rows)])).toEqual([
      ["Bank and investment accounts", ["A savings account", "Current account"]],
      ["Pensions", ["Work pension"]],
      ["Vehicles", ["Car"]],
      ["Subscriptions to cancel", ["Café loyalty"]],
      ["Other", ["Not opened yet"]],
    ]);
  });
});
