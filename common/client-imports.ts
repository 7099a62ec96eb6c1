/**
 * Client imports (docs/decisions/094): a firm's CSV file of clients (name, e-mail, optional phone,
 * matter reference and note), checked row by row, then invited in the background.
 */
import { z } from "zod";
import { CsvError, parseCsvRecords } from "./csv.js";
import { CLIENT_REFERENCE_MAX } from "./clients.js";

/* ---------- limits (SECURITY.md: size, rows, rate) ---------- */

/** The largest file accepted: 10,000 rows of long names and notes fit. */
export const CLIENT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Data rows in one file. */
export const CLIENT_IMPORT_MAX_ROWS = 10_000;
/** New files a firm may upload in 24 hours (the same file again does not count). */
export const CLIENT_IMPORT_MAX_PER_DAY = 10;
/** Problem rows listed in the preview; the counts cover them all. */
export const CLIENT_IMPORT_PROBLEMS_SHOWN = 500;

/** The matter reference and note become the firm's reference and notes on the client at joining: within their limits. */
const MAX = {
  name: 200,
  email: 254,
  phone: 40,
  matterRef: CLIENT_REFERENCE_MAX,
  note: 1000,
  fileName: 200,
};

/* ---------- columns ---------- */

export const CLIENT_IMPORT_FIELDS = ["name", "email", "phone", "matterRef", "note"] as const;
export type ClientImportField = (typeof CLIENT_IMPORT_FIELDS)[number];

/** Header names understood for each field, compared lower-cased with spaces, dashes and underscores removed. */
const HEADER_NAMES: Record<ClientImportField, string[]> = {
  name: ["name", "fullname", "clientname"],
  email: ["email", "emailaddress"],
  phone: ["phone", "phonenumber", "telephone", "mobile"],
  matterRef: ["matterreference", "matterref", "matter", "reference", "ref"],
  note: ["note", "notes"],
};

/* ---------- problems ---------- */

export const CLIENT_IMPORT_PROBLEMS = [
  "missing_name",
  "bad_email",
  "too_long",
  "duplicate",
  "already_client",
  "already_member",
  "already_invited",
] as const;
export type ClientImportProblem = (typeof CLIENT_IMPORT_PROBLEMS)[number];

/**
 * What the preview says of each problem. There is deliberately no "has an account elsewhere": every
 * address that is not the firm's own client, member or invitee reads the same ("Will be invited"),
 * so the preview reveals nothing about other firms' clients or who has an account (decision 094).
 */
export const CLIENT_IMPORT_PROBLEM_LABELS: Record<ClientImportProblem, string> = {
  missing_name: "No name",
  bad_email: "Not a valid e-mail address",
  too_long: "A field is too long",
  duplicate: "Duplicate in the file",
  already_client: "Already a client of your firm",
  already_member: "Already on your firm's staff",
  already_invited: "Already invited by your firm",
};

/* ---------- messages ---------- */

export const CLIENT_IMPORT_MSG = {
  title: "Import clients",
  description:
    "Upload a CSV file with the columns name and email, and optionally phone, matter reference and note. You see every row's problem before anyone is invited.",
  chooseFile: "CSV file",
  upload: "Check the file",
  uploading: "Checking…",
  notCsv: "Choose a CSV file (.csv).",
  tooLarge: `The file is too large (at most ${CLIENT_IMPORT_MAX_BYTES / 1024 / 1024} MB).`,
  tooManyRows: `The file has more than ${CLIENT_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows. Split it and import each part.`,
  empty: "The file has no rows to import.",
  tooMany: `Your firm has uploaded ${CLIENT_IMPORT_MAX_PER_DAY} files in the last 24 hours. Try again later.`,
  missingColumns:
    "The first line must name the columns: name and email (phone, matter reference and note are optional).",
  unterminated: (line: number) =>
    `Line ${line}: a quoted field is never closed. Check the quotes on that line.`,
  willInvite: "Will be invited",
  everyoneInvitedAlike:
    "Everyone who is not yet your client gets the same invitation. Someone who already has a Legacy Vault account is asked, in their e-mail, to sign in and agree to share with your firm; nobody is added without their consent.",
  send: (n: number) => `Send ${n.toLocaleString("en-US")} invitation${n === 1 ? "" : "s"}`,
  sending: "Sending invitations…",
  done: (n: number) => `${n.toLocaleString("en-US")} invitation${n === 1 ? "" : "s"} queued`,
  nothingToSend: "No row can be invited. Fix the file and upload it again.",
  sameFile: "This file was uploaded before: here is that import.",
  loadFailed: "Failed to load the import",
  startFailed: "Failed to start sending",
  recent: "Recent imports",
} as const;

/* ---------- inputs ---------- */

export const uploadClientImportSchema = z.object({
  fileName: z.string().trim().min(1).max(MAX.fileName),
  csv: z
    .string()
    .min(1, CLIENT_IMPORT_MSG.empty)
    .max(CLIENT_IMPORT_MAX_BYTES, CLIENT_IMPORT_MSG.tooLarge),
});
export type UploadClientImportInput = z.infer<typeof uploadClientImportSchema>;

/* ---------- the file, read (pure: the server checks the firm's own facts after) ---------- */

export type ClientImportRowInput = {
  line: number;
  name: string;
  email: string;
  phone: string | null;
  matterRef: string | null;
  note: string | null;
  problem: ClientImportProblem | null;
  duplicateOf: number | null;
};

/** A file that cannot be imported at all: the message names the line where it can. */
export class ClientImportFileError extends Error {}

const headerKey = (cell: string) => cell.toLowerCase().replace(/[\s_\-.]/g, "");
const emailCheck = z.email();
const optional = (s: string | undefined) => (s?.trim() ? s.trim() : null);

function columnsOf(header: string[]): Partial<Record<ClientImportField, number>> {
  const columns: Partial<Record<ClientImportField, number>> = {};
  header.forEach((cell, i) => {
    const key = headerKey(cell);
    const field = CLIENT_IMPORT_FIELDS.find((f) => HEADER_NAMES[f].includes(key));
    if (field && columns[field] === undefined) columns[field] = i;
  });
  return columns;
}

function problemOf(row: Omit<ClientImportRowInput, "problem" | "duplicateOf">) {
  if (!row.name) return "missing_name";
  if (row.email.length > MAX.email || !emailCheck.safeParse(row.email).success) return "bad_email";
  const tooLong =
    row.name.length > MAX.name ||
    (row.phone?.length ?? 0) > MAX.phone ||
    (row.matterRef?.length ?? 0) > MAX.matterRef ||
    (row.note?.length ?? 0) > MAX.note;
  return tooLong ? "too_long" : null;
}

/**
 * The rows of a client file: the first line names the columns (any order, common spellings), each
 * later line is a client. E-mails are trimmed and lower-cased; a repeated address is a duplicate
 * of its first line. Throws ClientImportFileError naming the line for a file that cannot be read.
 */
export function readClientImportFile(text: string): ClientImportRowInput[] {
  let records;
  try {
    records = parseCsvRecords(text);
  } catch (err) {
    if (err instanceof CsvError)
      throw new ClientImportFileError(CLIENT_IMPORT_MSG.unterminated(err.line));
    throw err;
  }
  const [header, ...data] = records;
  if (!header) throw new ClientImportFileError(CLIENT_IMPORT_MSG.empty);
  const columns = columnsOf(header.cells);
  if (columns.name === undefined || columns.email === undefined)
    throw new ClientImportFileError(`Line ${header.line}: ${CLIENT_IMPORT_MSG.missingColumns}`);
  if (data.length === 0) throw new ClientImportFileError(CLIENT_IMPORT_MSG.empty);
  if (data.length > CLIENT_IMPORT_MAX_ROWS)
    throw new ClientImportFileError(CLIENT_IMPORT_MSG.tooManyRows);
  const cell = (cells: string[], f: ClientImportField) => {
    const i = columns[f];
    return i === undefined ? undefined : cells[i];
  };
  const firstLineOf = new Map<string, number>();
  return data.map(({ line, cells }) => {
    const fields = {
      line,
      name: (cell(cells, "name") ?? "").trim(),
      email: (cell(cells, "email") ?? "").trim().toLowerCase(),
      phone: optional(cell(cells, "phone")),
      matterRef: optional(cell(cells, "matterRef")),
      note: optional(cell(cells, "note")),
    };
    const problem = problemOf(fields);
    if (problem) return { ...fields, problem, duplicateOf: null };
    const first = firstLineOf.get(fields.email);
    if (first !== undefined) return { ...fields, problem: "duplicate", duplicateOf: first };
    firstLineOf.set(fields.email, line);
    return { ...fields, problem: null, duplicateOf: null };
  });
}

/* ---------- answers ---------- */

export type ClientImportStatus = "previewed" | "sending" | "done";

export type ClientImportView = {
  id: string;
  fileName: string;
  status: ClientImportStatus;
  totalRows: number;
  readyRows: number;
  processedRows: number;
  invitedRows: number;
  problemCounts: Partial<Record<ClientImportProblem, number>>;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type ClientImportProblemRowView = {
  line: number;
  name: string;
  email: string;
  problem: ClientImportProblem;
  duplicateOf: number | null;
};

/** GET /api/firm/client-imports/:id and the upload's answer. */
export type ClientImportDetail = {
  import: ClientImportView;
  problems: ClientImportProblemRowView[];
  /** True when the upload found this file imported before (the same import, nothing new). */
  isSameFile?: boolean;
};

export type ClientImportList = { imports: ClientImportView[] };
