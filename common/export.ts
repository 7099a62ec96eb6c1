import { z } from "zod";

/**
 * The vault export (issue 15, docs/decisions/044-vault-export.md): a ZIP made in the owner's
 * browser. Its `passwords.json` is the contract an importer reads, written once here.
 */

export const PASSWORDS_EXPORT_FORMAT = "legacy-vault-passwords";
/** 2: an item names a list of beneficiaries (`beneficiaryEmails`, docs/decisions/053); 1 named one. */
export const PASSWORDS_EXPORT_VERSION = 2;

/** One password item. Fields an item leaves empty are null; `password` is always there. */
export const exportedPasswordSchema = z.strictObject({
  title: z.string(),
  username: z.string().nullable(),
  password: z.string(),
  url: z.string().nullable(),
  notes: z.string().nullable(),
  beneficiaryEmails: z.array(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ExportedPassword = z.infer<typeof exportedPasswordSchema>;

/** passwords.json. */
export const passwordsExportSchema = z.strictObject({
  format: z.literal(PASSWORDS_EXPORT_FORMAT),
  version: z.literal(PASSWORDS_EXPORT_VERSION),
  items: z.array(exportedPasswordSchema),
});
export type PasswordsExport = z.infer<typeof passwordsExportSchema>;

/** passwords.csv: the columns Bitwarden and Chrome import. */
export const PASSWORDS_CSV_COLUMNS = ["name", "url", "username", "password", "note"] as const;

/** The files at the top of the ZIP, and the folders of the documents and notes. */
export const EXPORT_FILES = {
  readme: "README.txt",
  passwordsJson: "passwords.json",
  passwordsCsv: "passwords.csv",
  documents: "documents",
  notes: "notes",
  /** Messages for later (docs/decisions/089): <title>.md, with its recording or video beside it. */
  messages: "messages",
  /** The estate inventory (docs/decisions/086), in the columns its import reads. */
  estateCsv: "estate-inventory.csv",
  /** The final wishes (decision 097), a heading per section. */
  wishesText: "final-wishes.txt",
} as const;

/* ---------- the encrypted archive (.lvault, docs/decisions/055-encrypted-export.md) ---------- */

/**
 * The encrypted archive: the export's ZIP under AES-256-GCM with a key derived from a password
 * the owner chooses (PBKDF2-HMAC-SHA-256, as the account's own keys: decision 038). Layout:
 * magic "LVAULT" (6 bytes) ‖ version (1 byte) ‖ KDF id (1 byte) ‖ iterations (uint32, big-endian)
 * ‖ salt (16 bytes) ‖ IV (12 bytes) ‖ AES-GCM(ZIP) with its 16-byte tag; the 40-byte header is
 * the additional data, so no byte of it can change unnoticed.
 */
export const VAULT_ARCHIVE = {
  extension: ".lvault",
  mediaType: "application/vnd.legacy-vault.archive",
  magic: "LVAULT",
  version: 1,
  /** KDF ids: 1 is PBKDF2-HMAC-SHA-256. */
  kdfPbkdf2Sha256: 1,
  saltBytes: 16,
  ivBytes: 12,
  headerBytes: 40,
  tagBytes: 16,
} as const;

/** What opening an archive can answer (the import screen shows them). */
export const ARCHIVE_MSG = {
  notArchive: "This file is not a Legacy Vault encrypted archive, or it is cut short.",
  newerVersion:
    "This archive was made by a newer version of Legacy Vault. Update the app and try again.",
  wrongPassword:
    "The password is wrong, or the archive was changed or damaged. Nothing was imported.",
  passwordRequired: "Enter the archive's password",
  noPasswords: "This archive holds no passwords.json, so it has no passwords to import.",
} as const;
