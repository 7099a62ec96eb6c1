import { z } from "zod";

/* ---------- constants ---------- */

/** Where an import file comes from, found from its shape (the CSV header or the JSON's keys). */
export const IMPORT_SOURCES = {
  "bitwarden-json": "Bitwarden (JSON)",
  "bitwarden-csv": "Bitwarden (CSV)",
  "1password-csv": "1Password (CSV)",
  "chrome-csv": "Chrome or Edge (CSV)",
  "firefox-csv": "Firefox (CSV)",
  "legacy-vault-json": "Legacy Vault export",
} as const;
export type ImportSource = keyof typeof IMPORT_SOURCES;

/** The largest import file read (the spec's CSV limit, 02 §9), and the most rows previewed at once. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5_000;
/**
 * The largest archive read: our own export's ZIP or encrypted archive (.lvault), documents and
 * recordings included, held in the tab's memory while its passwords.json is read.
 */
export const IMPORT_ARCHIVE_MAX_BYTES = 1024 * 1024 * 1024;

/* ---------- messages ---------- */

export const IMPORT_MSG = {
  notRecognised:
    "This file is not an export we can read. Choose a CSV or JSON export from Bitwarden, 1Password, Chrome, Edge, Firefox, or a Legacy Vault export (ZIP or encrypted archive).",
  tooLarge: "The file is too large. Maximum size is 5MB.",
  archiveTooLarge: "The archive is too large. Maximum size is 1GB.",
  tooManyRows: `The file holds more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} items. Split it and import each part.`,
  unreadable: "The file could not be read.",
  brokenCsv: "The file is not valid CSV: a quoted field is never closed.",
  encryptedBitwarden:
    "This Bitwarden export is encrypted. Export your vault again as unencrypted JSON or CSV.",
  empty: "The file holds no passwords to import.",
  beneficiaryRequired: "Please choose a beneficiary for these passwords",
  noneSelected: "Tick at least one password to import",
  duplicateInVault: "Already in your vault",
  duplicateInFile: "Also earlier in this file",
  nothingSavedYet: "Nothing is saved until you confirm the import.",
  vaultUnchecked: "Your vault could not be opened to look for duplicates.",
  importFailed: "Some passwords could not be imported",
} as const;

/* ---------- our own export ---------- */

/** Strings or null; a key left out reads as null. */
const exportedText = z.string().nullish();

/**
 * passwords.json of a Legacy Vault export (issue 15): the owner's passwords decrypted, in clear.
 * Written by the exporter (common/export.ts); kept here as the importer reads it until the two are
 * reconciled. Unknown keys are ignored so that a later version's extra fields still import.
 */
export const legacyVaultPasswordsSchema = z.object({
  format: z.literal("legacy-vault-passwords"),
  version: z.union([z.literal(1), z.literal(2)]),
  items: z.array(
    z.object({
      title: exportedText,
      username: exportedText,
      password: exportedText,
      url: exportedText,
      notes: exportedText,
      beneficiaryEmail: exportedText,
      beneficiaryEmails: z.array(z.string()).nullish(),
      createdAt: z.iso.datetime({ offset: true }).nullish(),
      updatedAt: z.iso.datetime({ offset: true }).nullish(),
    }),
  ),
});
export type LegacyVaultPasswords = z.infer<typeof legacyVaultPasswordsSchema>;
