/**
 * CSV for spreadsheets (RFC 4180): written the same way by the browser and the server, and read
 * by the browser's imports (passwords, the estate inventory).
 */

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

/** A CSV file that cannot be read as RFC 4180: a quoted field is never closed (opened on `line`). */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly line = 0,
  ) {
    super(message);
  }
}

/** One record of a CSV text and the line of the file (from 1) where it starts. */
export type CsvRecord = { line: number; cells: string[] };

/**
 * The records of a CSV text (RFC 4180): fields separated by commas, records by CRLF, LF or CR;
 * a field in double quotes may hold commas, line breaks and doubled quotes (""). A byte-order mark
 * at the start is dropped, and so are blank lines. Lenient where exporters are: a quote inside an
 * unquoted field, or text after a closing quote, is kept as text. Throws CsvError when the text
 * ends inside a quoted field (a cut-off file), rather than guessing where the field ended.
 */
export const parseCsv = (text: string): string[][] => parseCsvRecords(text).map((r) => r.cells);

/** parseCsv's records, each with the line it starts on (for messages that name the line). */
export function parseCsvRecords(text: string): CsvRecord[] {
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let record: string[] = [];
  let field = "";
  let isQuoted = false;
  let i = 0;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;

  const endField = () => {
    record.push(field);
    field = "";
  };
  const endRecord = () => {
    endField();
    if (record.length > 1 || record[0] !== "") records.push({ line: recordLine, cells: record });
    record = [];
  };

  while (i < input.length) {
    const c = input[i];
    if (isQuoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        isQuoted = false;
      } else {
        field += c;
        if (c === "\n" || (c === "\r" && input[i + 1] !== "\n")) line += 1;
      }
      i += 1;
      continue;
    }
    if (c === '"' && field === "") {
      isQuoted = true;
      quoteLine = line;
    } else if (c === ",") endField();
    else if (c === "\r" || c === "\n") {
      endRecord();
      if (c === "\r" && input[i + 1] === "\n") i += 1;
      line += 1;
      recordLine = line;
    } else field += c;
    i += 1;
  }
  if (isQuoted) throw new CsvError("unterminated quoted field", quoteLine);
  if (field !== "" || record.length > 0) endRecord();
  return records;
}
