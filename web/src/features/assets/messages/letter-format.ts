/**
 * A letter's light formatting (docs/decisions/089): paragraphs separated by a blank line, line
 * breaks kept, **bold** and *italic*. Parsed into plain pieces that the screen renders as text
 * (React escapes them): nothing in a letter is ever HTML.
 */
export type LetterSpan = { text: string; isBold: boolean; isItalic: boolean };
export type LetterParagraph = LetterSpan[][];

/** The spans of one line: `**…**` bold, `*…*` italic; an unmatched marker stays as written. */
export function letterSpans(line: string): LetterSpan[] {
  const spans: LetterSpan[] = [];
  const pattern = /\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let last = 0;
  for (const m of line.matchAll(pattern)) {
    if (m.index > last)
      spans.push({ text: line.slice(last, m.index), isBold: false, isItalic: false });
    if (m[1] !== undefined) spans.push({ text: m[1], isBold: true, isItalic: false });
    else spans.push({ text: m[2] ?? "", isBold: false, isItalic: true });
    last = m.index + m[0].length;
  }
  if (last < line.length) spans.push({ text: line.slice(last), isBold: false, isItalic: false });
  return spans;
}

/** The letter's paragraphs, each a list of lines, each line its spans. */
export function letterParagraphs(text: string): LetterParagraph[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split("\n").map(letterSpans));
}
