import { describe, expect, it } from "vitest";
import { safeFileName, splitExtension, takeFileName, takeStem } from "./file-names";

describe("safeFileName", () => {
  it("replaces path separators and reserved characters, so a name cannot leave its folder", () => {
    expect(safeFileName("../../etc/passwd", "x")).toBe("_.._etc_passwd");
    expect(safeFileName('a\\b:c*d?e"f<g>h|i', "x")).toBe("a_b_c_d_e_f_g_h_i");
    expect(safeFileName("tab\there\u0000", "x")).toBe("tab_here_");
  });

  it("trims dots and spaces at either end and falls back when nothing is left", () => {
    expect(safeFileName("  will.pdf. ", "x")).toBe("will.pdf");
    expect(safeFileName("...", "document")).toBe("document");
    expect(safeFileName("", "note")).toBe("note");
  });

  it("renames Windows device names and shortens long names, keeping the extension", () => {
    expect(safeFileName("CON.txt", "x")).toBe("CON_.txt");
    expect(safeFileName("nul", "x")).toBe("nul_");
    const long = safeFileName(`${"a".repeat(300)}.pdf`, "x");
    expect(long).toBe(`${"a".repeat(100)}.pdf`);
  });

  it("keeps letters of every script", () => {
    expect(safeFileName("Testament de Zoë — 遗嘱.pdf", "x")).toBe("Testament de Zoë — 遗嘱.pdf");
  });
});

describe("splitExtension", () => {
  it("splits at the last dot, not at a leading one", () => {
    expect(splitExtension("will.final.pdf")).toEqual({ stem: "will.final", ext: ".pdf" });
    expect(splitExtension(".env")).toEqual({ stem: ".env", ext: "" });
    expect(splitExtension("README")).toEqual({ stem: "README", ext: "" });
  });
});

describe("takeFileName", () => {
  it("numbers a name already taken in the folder, ignoring case", () => {
    const taken = new Set<string>();
    expect(takeFileName(taken, "will.pdf", "document")).toBe("will.pdf");
    expect(takeFileName(taken, "Will.pdf", "document")).toBe("Will (2).pdf");
    expect(takeFileName(taken, "will.pdf", "document")).toBe("will (3).pdf");
    expect(takeFileName(taken, "will.docx", "document")).toBe("will.docx");
  });

  it("steps over a name that was numbered by its owner", () => {
    const taken = new Set<string>();
    expect(takeFileName(taken, "will (2).pdf", "document")).toBe("will (2).pdf");
    expect(takeFileName(taken, "will.pdf", "document")).toBe("will.pdf");
    expect(takeFileName(taken, "will.pdf", "document")).toBe("will (3).pdf");
  });

  it("gives two fallbacks distinct names", () => {
    const taken = new Set<string>();
    expect(takeFileName(taken, "", "attachment")).toBe("attachment");
    expect(takeFileName(taken, "///", "attachment")).toBe("___");
    expect(takeFileName(taken, "", "attachment")).toBe("attachment (2)");
  });
});

describe("takeStem", () => {
  it("keeps a note's Markdown and its folder apart from another note's", () => {
    const taken = new Set<string>();
    expect(takeStem(taken, "Letter", [".md", ""])).toBe("Letter");
    expect(takeStem(taken, "letter", [".md", ""])).toBe("letter (2)");
    // A note titled "Letter.md" must not get a folder named like the first note's Markdown.
    expect(takeStem(taken, "Letter.md", [".md", ""])).toBe("Letter.md (2)");
  });
});
