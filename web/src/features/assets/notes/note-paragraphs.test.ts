import { describe, expect, it } from "vitest";
import { noteParagraphs } from "./note-paragraphs";

describe("noteParagraphs (the note's reading view)", () => {
  it("splits at a blank line", () => {
    expect(noteParagraphs("Dear Sam,\n\nThe keys are next door.\n\nWith love")).toEqual([
      "Dear Sam,",
      "The keys are next door.",
      "With love",
    ]);
  });

  it("counts a run of blank lines, or of lines with only spaces, as one break", () => {
    expect(noteParagraphs("Dear Sam,\n\n\n\n\nThe keys.\n  \n\t\n\r\nWith love")).toEqual([
      "Dear Sam,",
      "The keys.",
      "With love",
    ]);
  });

  it("keeps single line breaks and spaces inside a paragraph, and drops blank lines at the ends", () => {
    expect(noteParagraphs("\n\n  Dear Sam,\nline two\n\n\nP.S.  Feed the cat.\n\n")).toEqual([
      "  Dear Sam,\nline two",
      "P.S.  Feed the cat.",
    ]);
  });

  it("gives no paragraph for an empty or blank text", () => {
    expect(noteParagraphs("")).toEqual([]);
    expect(noteParagraphs(" \n\n \n")).toEqual([]);
  });
});
