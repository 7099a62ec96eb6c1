import {
  IMPORT_MAX_ROWS,
  IMPORT_MSG,
  legacyVaultPasswordsSchema,
  type ImportSource,
} from "@common/import";
import { websiteHost } from "../password-display";
import { CsvError, parseCsv } from "@common/csv";

/** One login read from an export, before it is checked against the form's rules. */
export type ImportCandidate = {
  title: string;
  website: string;
  username: string;
  password: string;
  notes: string;
};

export type ImportFile = {
  source: ImportSource;
  candidates: ImportCandidate[];
  /** Items of the export that are not logins (cards, identities, secure notes): not imported. */
  skipped: number;
};

/** A file that cannot be imported; the message is for the person. */
export class ImportFileError extends Error {}

/** A title for a login without one: the site's host name ("bank.example.com"). */
const titleOf = (name: string | null | undefined, website: string) =>
  name?.trim() || (website ? websiteHost(website) : "");

type ExportedLogin = Partial<
  Record<"name" | "website" | "username" | "password" | "notes", string | null>
>;

const candidate = (fields: ExportedLogin): ImportCandidate => {
  const website = fields.website?.trim() ?? "";
  return {
    title: titleOf(fields.name, website),
    website,
    username: fields.username ?? "",
    password: fields.password ?? "",
    notes: fields.notes ?? "",
  };
};

/* ---------- CSV ---------- */

type CsvShape = {
  source: ImportSource;
  /** Header names (lower case) that must all be there. */
  needs: string[];
  read: (get: (column: string) => string) => ImportCandidate | null;
};

/** The CSV exports, most specific header first (Chrome's columns are a subset of others'). */
const CSV_SHAPES: CsvShape[] = [
  {
    // folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp
    source: "bitwarden-csv",
    needs: ["type", "name", "login_uri", "login_username", "login_password"],
    read: (get) =>
      get("type") !== "login"
        ? null
        : candidate({
            name: get("name"),
            // Several URIs are written comma-separated in one field: the first is the site.
            website: get("login_uri").split(",")[0],
            username: get("login_username"),
            password: get("login_password"),
            notes: get("notes"),
          }),
  },
  {
    // url,username,password,httpRealm,formActionOrigin,guid,timeCreated,timeLastUsed,timePasswordChanged
    source: "firefox-csv",
    needs: ["url", "username", "password", "httprealm", "formactionorigin"],
    read: (get) =>
      candidate({ website: get("url"), username: get("username"), password: get("password") }),
  },
  {
    // Title,Url,Username,Password,Notes,OTPAuth,Favorite,Archived,Tags
    source: "1password-csv",
    needs: ["title", "url", "username", "password"],
    read: (get) =>
      candidate({
        name: get("title"),
        website: get("url"),
        username: get("username"),
        password: get("password"),
        notes: get("notes"),
      }),
  },
  {
    // name,url,username,password,note (Edge and older Chrome: without note)
    source: "chrome-csv",
    needs: ["name", "url", "username", "password"],
    read: (get) =>
      candidate({
        name: get("name"),
        website: get("url"),
        username: get("username"),
        password: get("password"),
        notes: get("note"),
      }),
  },
];

function readCsv(text: string): ImportFile {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw new ImportFileError(IMPORT_MSG.brokenCsv);
    throw err;
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  const shape = CSV_SHAPES.find((s) => s.needs.every((n) => columns.includes(n)));
  if (!shape) throw new ImportFileError(IMPORT_MSG.notRecognised);
  if (rows.length > IMPORT_MAX_ROWS) throw new ImportFileError(IMPORT_MSG.tooManyRows);
  const candidates: ImportCandidate[] = [];
  for (const row of rows) {
    const get = (column: string) => {
      const at = columns.indexOf(column);
      return at < 0 ? "" : (row[at] ?? "");
    };
    const read = shape.read(get);
    if (read) candidates.push(read);
  }
  return { source: shape.source, candidates, skipped: rows.length - candidates.length };
}

/* ---------- JSON ---------- */

type BitwardenItem = {
  type?: unknown;
  name?: string | null;
  notes?: string | null;
  login?: {
    username?: string | null;
    password?: string | null;
    uris?: { uri?: string | null }[] | null;
  } | null;
};
/** Bitwarden's item type of a login (2 is a secure note, 3 a card, 4 an identity). */
const BITWARDEN_LOGIN = 1;

function readBitwardenJson(data: { encrypted?: unknown; items: BitwardenItem[] }): ImportFile {
  if (data.encrypted === true) throw new ImportFileError(IMPORT_MSG.encryptedBitwarden);
  const logins = data.items.filter((item) => item.type === BITWARDEN_LOGIN);
  return {
    source: "bitwarden-json",
    candidates: logins.map((item) =>
      candidate({
        name: item.name,
        website: item.login?.uris?.find((u) => u.uri)?.uri,
        username: item.login?.username,
        password: item.login?.password,
        notes: item.notes,
      }),
    ),
    skipped: data.items.length - logins.length,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function readJson(text: string): ImportFile {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new ImportFileError(IMPORT_MSG.notRecognised);
  }
  if (!isObject(data)) throw new ImportFileError(IMPORT_MSG.notRecognised);
  if (data.encrypted === true || data.passwordProtected === true)
    throw new ImportFileError(IMPORT_MSG.encryptedBitwarden);
  if (Array.isArray(data.items) && data.items.length > IMPORT_MAX_ROWS)
    throw new ImportFileError(IMPORT_MSG.tooManyRows);
  const ours = legacyVaultPasswordsSchema.safeParse(data);
  if (ours.success) {
    return {
      source: "legacy-vault-json",
      candidates: ours.data.items.map((item) =>
        candidate({ ...item, name: item.title, website: item.url }),
      ),
      skipped: 0,
    };
  }
  if (Array.isArray(data.items) && data.items.every(isObject) && !("format" in data))
    return readBitwardenJson({ encrypted: data.encrypted, items: data.items as BitwardenItem[] });
  throw new ImportFileError(IMPORT_MSG.notRecognised);
}

/**
 * The logins of an export, whichever of the known exports it is: JSON (Bitwarden, ours) when it
 * opens with "{", CSV otherwise, told apart by its header. Throws ImportFileError with the
 * person's message when the file is none of them, is encrypted, is cut off or holds no login.
 */
export function readImportFile(text: string): ImportFile {
  const file = /^\uFEFF?\s*\{/.test(text) ? readJson(text) : readCsv(text);
  if (file.candidates.length === 0) throw new ImportFileError(IMPORT_MSG.empty);
  return file;
}
