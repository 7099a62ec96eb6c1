import { PASSWORDS_CSV_COLUMNS, type ExportedPassword } from "@common/export";

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

/** passwords.csv: name,url,username,password,note, one row per item, CRLF line ends. */
export function passwordsCsv(items: readonly ExportedPassword[]): string {
  const rows = items.map((item) =>
    [item.title, item.url, item.username, item.password, item.notes].map(csvCell).join(","),
  );
  return [PASSWORDS_CSV_COLUMNS.join(","), ...rows].join("\r\n") + "\r\n";
}
