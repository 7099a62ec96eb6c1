import { describe, expect, it } from "vitest";
import { letterParagraphs, letterSpans } from "./letter-format";

describe("a letter's light formatting", () => {
  it("splits paragraphs on blank lines and keeps line breaks", () => {
    expect(letterParagraphs("Dear Emma,\n\nHappy birthday.\nLove,\r\n\r\n\r\nMum")).toEqual([
      [[{ text: "Dear Emma,", isBold: false, isItalic: false }]],
      [
        [{ text: "Happy birthday.", isBold: false, isItalic: false }],
        [{ text: "Love,", isBold: false, isItalic: false }],
      ],
      [[{ text: "Mum", isBold: false, isItalic: false }]],
    ]);
  });

  it("reads **bold** and *italic*, leaves a lone star and HTML as text", () => {
    expect(letterSpans("I am **so** proud of *you* <b>x</b> 5 * 3")).toEqual([
      { text: "I am ", isBold: false, isItalic: false },
      { text: "so", isBold: true, isItalic: false },
      { text: " proud of ", isBold: false, isItalic: false },
      { text: "you", isBold: false, isItalic: true },
      { text: " <b>x</b> 5 * 3", isBold: false, isItalic: false },
    ]);
  });
});
