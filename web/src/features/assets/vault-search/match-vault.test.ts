import type { AssetType, ContentOf } from "@common/assets";
import type { OpenedAssetView } from "../titles/open-titles";
import { describe, expect, it } from "vitest";
import { openedAssetView } from "@/testing/asset-views";
import { assetPath, searchFieldsOf, searchVault, snippet, type SearchEntry } from "./match-vault";

const entry = (type: AssetType, title: string, content?: ContentOf<AssetType>): SearchEntry => {
  const asset: OpenedAssetView = openedAssetView({ id: `${type}-${title}`, type, title });
  return { asset, fields: searchFieldsOf(asset, content) };
};

const vault = [
  entry("password", "Bank", {
    username: "ada@lovelace.example",
    password: "never-searched",
    website: "https://bank.example",
    notes: "PIN is in the café",
  }),
  entry("password", "Email account", {
    username: "ada",
    password: "x",
    website: "mail.example",
    notes: "",
  }),
  entry("document", "Will", {
    fileName: "last-will-2026.pdf",
    contentType: "application/pdf",
    fileSize: 1,
    notes: "Signed at the bank",
  }),
  entry("note", "For my children", {
    text: "The spare key is under the blue pot by the door.",
    audioRecording: null,
    attachment: { fileName: "garden-map.png", contentType: "image/png", fileSize: 1 },
  }),
  entry("note", "Locked note"), // did not decrypt: its title is still searched
];
const found = (query: string) =>
  searchVault(vault, query).map((g) => [g.type, g.results.map((r) => r.asset.title)]);

describe("searchVault", () => {
  it("finds titles, usernames, sites, note text and file names, grouped by type", () => {
    expect(found("bank")).toEqual([
      ["password", ["Bank"]],
      ["document", ["Will"]],
    ]);
    expect(found("lovelace")).toEqual([["password", ["Bank"]]]);
    expect(found("mail.example")).toEqual([["password", ["Email account"]]]);
    expect(found("blue pot")).toEqual([["note", ["For my children"]]]);
    expect(found("garden-map")).toEqual([["note", ["For my children"]]]);
    expect(found("will-2026")).toEqual([["document", ["Will"]]]);
    expect(found("locked")).toEqual([["note", ["Locked note"]]]);
  });

  it("never matches the password itself, and an empty query finds nothing", () => {
    expect(found("never-searched")).toEqual([]);
    expect(found("   ")).toEqual([]);
  });

  it("ignores case and accents, and needs every word (in any field)", () => {
    expect(found("CAFE")).toEqual([["password", ["Bank"]]]);
    expect(found("ada email")).toEqual([["password", ["Email account"]]]);
    expect(found("ada zebra")).toEqual([]);
  });

  it("ranks title matches first and says which field matched otherwise", () => {
    const [passwords] = searchVault(vault, "ada");
    expect(passwords?.results.map((r) => [r.asset.title, r.match?.label])).toEqual([
      ["Bank", "Username"],
      ["Email account", "Username"],
    ]);
    const [docs] = searchVault([...vault, entry("document", "Bank statements")], "bank").slice(1);
    expect(docs?.results.map((r) => [r.asset.title, r.match?.label ?? null])).toEqual([
      ["Bank statements", null],
      ["Will", "Notes"],
    ]);
  });

  it("keeps at most perGroup results in each group", () => {
    const many = Array.from({ length: 30 }, (_, i) => entry("note", `Note ${i}`));
    expect(searchVault(many, "note", 5)[0]?.results).toHaveLength(5);
  });
});

describe("snippet and assetPath", () => {
  it("cuts long text around the match, on one line", () => {
    const text = `${"a ".repeat(60)}the needle\nis here ${"b ".repeat(60)}`;
    const s = snippet(text, "needle", 40);
    expect(s).toContain("needle");
    expect(s.startsWith("…") && s.endsWith("…")).toBe(true);
    expect(s).not.toContain("\n");
    expect(snippet("short", "x")).toBe("short");
  });

  it("opens each type on its own screen", () => {
    expect(assetPath({ type: "password", id: "1" })).toBe("/vault/1");
    expect(assetPath({ type: "document", id: "2" })).toBe("/documents/2");
    expect(assetPath({ type: "note", id: "3" })).toBe("/notes/3");
  });
});
