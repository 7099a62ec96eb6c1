import { TITLE_MAX_LENGTH } from "../assets.js";
import { CsvError, csvLine, parseCsv } from "../csv.js";
import {
  ESTATE_ACTIONS,
  ESTATE_CATEGORIES,
  ESTATE_IMPORT_MAX_ROWS,
  ESTATE_MSG,
  estateContentSchema,
  findByLabel,
  type EstateContent,
  type OpenedEstateContent,
} from "./estate.js";

/**
 * The estate inventory as CSV (docs/decisions/086): the columns a spreadsheet holds, read by the
 * import (in the browser, before anything is encrypted) and written by the example file and the
 * export, so that what is written reads back the same.
 */

type Field = "name" | keyof EstateContent;

/** The columns in the order they are written, each with the header names it is also read under. */
export const ESTATE_CSV_COLUMNS: { field: Field; header: string; aliases: string[] }[] = [
  { field: "name", header: "Name", aliases: ["title"] },
  { field: "category", header: "Category", aliases: ["kind", "type", "section"] },
  { field: "institution", header: "Organisation", aliases: ["organization", "institution"] },
  { field: "reference", header: "Reference", aliases: ["account number", "policy number"] },
  { field: "contact", header: "Contact", aliases: ["contact details"] },
  { field: "action", header: "What should happen", aliases: ["action"] },
  { field: "instructions", header: "Instructions", aliases: ["notes"] },
];

/** One entry read from a row: the row's number as a spreadsheet shows it (the header is row 1). */
export type EstateCsvEntry = { row: number; title: string; content: EstateContent };
/** A row that cannot be imported, and why, in words the person can act on. */
export type EstateCsvProblem = { row: number; message: string };
export type EstateCsvResult = { entries: EstateCsvEntry[]; problems: EstateCsvProblem[] };

/** The file as a whole cannot be read (nothing of it is imported); `message` says why. */
export class EstateCsvError extends Error {}

/** The single quote csvCell puts before a value that a spreadsheet would run as a formula. */
const FORMULA_GUARD = /^'(?=[=+\-@])/;

const norm = (s: string) => s.trim().toLowerCase();

function columnsOf(header: string[]): Partial<Record<Field, number>> {
  const at: Partial<Record<Field, number>> = {};
  header.forEach((name, i) => {
    const col = ESTATE_CSV_COLUMNS.find(
      (c) => norm(c.header) === norm(name) || c.aliases.includes(norm(name)),
    );
    if (col && at[col.field] === undefined) at[col.field] = i;
  });
  return at;
}

const categoryWords = Object.values(ESTATE_CATEGORIES).join("; ");
const actionWords = Object.values(ESTATE_ACTIONS).join("; ");

function readRow(cells: string[], at: Partial<Record<Field, number>>, row: number) {
  const cell = (f: Field) => {
    const i = at[f];
    const text = i === undefined ? "" : (cells[i] ?? "").trim();
    return text.replace(FORMULA_GUARD, ""); // csvCell's guard, taken off again
  };
  const title = cell("name");
  if (!title) return { problem: { row, message: "The name is empty." } };
  if (title.length > TITLE_MAX_LENGTH)
    return { problem: { row, message: `The name is longer than ${TITLE_MAX_LENGTH} characters.` } };
  const category = findByLabel(ESTATE_CATEGORIES, cell("category"));
  if (!category)
    return {
      problem: {
        row,
        message: cell("category")
          ? `"${cell("category")}" is not a category we know. Use one of: ${categoryWords}.`
          : `The category is empty. Use one of: ${categoryWords}.`,
      },
    };
  const actionText = cell("action");
  const action = actionText ? findByLabel(ESTATE_ACTIONS, actionText) : null;
  if (action === undefined)
    return {
      problem: {
        row,
        message: `"${actionText}" is not something we know to do. Use one of: ${actionWords}, or leave it empty.`,
      },
    };
  const parsed = estateContentSchema.safeParse({
    category,
    institution: cell("institution"),
    reference: cell("reference"),
    contact: cell("contact"),
    action,
    instructions: cell("instructions"),
  });
  if (!parsed.success)
    return { problem: { row, message: `${parsed.error.issues[0]?.message ?? "Not valid"}.` } };
  return { entry: { row, title, content: parsed.data } };
}

/**
 * The entries of a CSV file with a header row (at least Name and Category, in any order, any
 * case), and the rows that cannot be imported. A category or an action is read by its words or
 * its short name. Throws EstateCsvError for a file that cannot be read at all, is empty, has no
 * header or holds more than ESTATE_IMPORT_MAX_ROWS rows.
 */
export function readEstateCsv(text: string): EstateCsvResult {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw new EstateCsvError(ESTATE_MSG.importBrokenCsv);
    throw err;
  }
  const [header, ...rows] = records;
  if (!header) throw new EstateCsvError(ESTATE_MSG.importEmpty);
  const at = columnsOf(header);
  if (at.name === undefined || at.category === undefined)
    throw new EstateCsvError(ESTATE_MSG.importNoHeader);
  if (rows.length === 0) throw new EstateCsvError(ESTATE_MSG.importEmpty);
  if (rows.length > ESTATE_IMPORT_MAX_ROWS) throw new EstateCsvError(ESTATE_MSG.importTooManyRows);
  const result: EstateCsvResult = { entries: [], problems: [] };
  rows.forEach((cells, i) => {
    const read = readRow(cells, at, i + 2);
    if (read.entry) result.entries.push(read.entry);
    else result.problems.push(read.problem);
  });
  return result;
}

/** Entries as CSV (the header, then one row each), their category and action in words. */
export function estateCsv(
  entries: readonly { title: string; content: OpenedEstateContent }[],
): string {
  const lines = [csvLine(ESTATE_CSV_COLUMNS.map((c) => c.header))];
  for (const { title, content: c } of entries)
    lines.push(
      csvLine([
        title,
        c.category ? ESTATE_CATEGORIES[c.category] : "",
        c.institution,
        c.reference,
        c.contact,
        c.action ? ESTATE_ACTIONS[c.action] : "",
        c.instructions,
      ]),
    );
  return lines.join("");
}
