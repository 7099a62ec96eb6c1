/**
 * A note's text as the reading view shows it: paragraphs split at blank lines, a run of blank lines
 * (or lines of only spaces) counting as one break, blank lines at the start and end dropped. Each
 * paragraph keeps its own line breaks and spaces; the stored text is not changed.
 */
export function noteParagraphs(text: string): string[] {
  return text.split(/\r?\n(?:[ \t]*\r?\n)+/).filter((paragraph) => paragraph.trim() !== "");
}
