/** CSV for spreadsheets (RFC 4180), written the same way by the browser and the server. */

/** A cell that a spreadsheet would run as a formula starts with one of these (OWASP, "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a value that starts like a formula gets a leading single quote, so a
 * spreadsheet shows it as text; a value holding a comma, a quote or a line break is quoted, its
 * quotes doubled. null is an empty cell.
 */
export function csvCell(value: string | null): string {
  if (value === null) return "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of cells, with its CRLF line end. */
export const csvLine = (cells: readonly (string | null)[]): string =>
  cells.map(csvCell).join(",") + "\r\n";
