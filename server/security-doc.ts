/** SECURITY.md holds its limits table between these markers (scripts/security-limits.ts writes it). */
export const LIMITS_START = "<!-- limits:start -->";
export const LIMITS_END = "<!-- limits:end -->";

/** The table between the markers of `doc`, or null when a marker is missing. */
export function limitsTableOf(doc: string): string | null {
  const start = doc.indexOf(LIMITS_START);
  const end = doc.indexOf(LIMITS_END);
  if (start < 0 || end < start) return null;
  return doc.slice(start + LIMITS_START.length, end).trim();
}

/** A Markdown table's cells, trimmed, whatever padding a formatter gave it (separator cells become "---"). */
export function tableCells(table: string): string[][] {
  return table.split("\n").map((line) =>
    line
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((cell) => cell.trim().replace(/^:?-+:?$/, "---")),
  );
}

/** `doc` with `table` between its markers. */
export function withLimitsTable(doc: string, table: string): string {
  const start = doc.indexOf(LIMITS_START);
  const end = doc.indexOf(LIMITS_END);
  if (start < 0 || end < start)
    throw new Error(`SECURITY.md needs ${LIMITS_START} and ${LIMITS_END}`);
  return `${doc.slice(0, start + LIMITS_START.length)}\n${table}\n${doc.slice(end)}`;
}
