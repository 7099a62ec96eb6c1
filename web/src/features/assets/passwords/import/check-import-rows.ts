import { IMPORT_MSG } from "@common/import";
import { fold } from "../../vault-search/match-vault";
import { websiteHost } from "../password-display";
import { newPasswordSchema, type PasswordForm } from "../password-form-schema";
import type { ImportCandidate } from "./read-import-file";

/** A login already in the vault: its title (in clear) and its decrypted username and site. */
export type VaultLogin = { title: string; username: string; website: string };

export type ImportRow = {
  /** The row's place in the file, from 0. */
  index: number;
  /** The fields as the password form would save them (title and site trimmed); null when not importable. */
  values: Omit<PasswordForm, "beneficiaryEmails"> | null;
  candidate: ImportCandidate;
  /** Why the row cannot be imported (the form's own message for the first rule it breaks). */
  problem: string | null;
  /** Why the row looks like one already there: in the vault, or earlier in the file. */
  duplicate: typeof IMPORT_MSG.duplicateInVault | typeof IMPORT_MSG.duplicateInFile | null;
};

/** Each row is held to the rules of /vault/new: title and password required, each field's length. */
const importedSchema = newPasswordSchema.omit({ beneficiaryEmails: true });

/**
 * The same login: title, username and site's host, compared without case or accents
 * ("https://www.bank.example/login" and "bank.example" are one site).
 */
export const loginKey = ({ title, username, website }: VaultLogin) =>
  [fold(title.trim()), fold(username.trim()), fold(websiteHost(website))].join("\u0000");

/**
 * The preview's rows: each candidate checked against the form's rules, and flagged as a duplicate
 * when a login with the same key is in the vault or earlier in the file (the first stays unflagged).
 */
export function checkImportRows(candidates: ImportCandidate[], vault: VaultLogin[]): ImportRow[] {
  const inVault = new Set(vault.map(loginKey));
  const seen = new Set<string>();
  return candidates.map((candidate, index) => {
    const parsed = importedSchema.safeParse(candidate);
    const key = loginKey(candidate);
    const duplicate = inVault.has(key)
      ? IMPORT_MSG.duplicateInVault
      : seen.has(key)
        ? IMPORT_MSG.duplicateInFile
        : null;
    seen.add(key);
    return {
      index,
      candidate,
      values: parsed.success ? parsed.data : null,
      problem: parsed.success ? null : (parsed.error.issues[0]?.message ?? "Not importable"),
      duplicate,
    };
  });
}

/** The rows ticked at first: every importable one (duplicates too: the flag says so, and the person unticks). */
export const initiallySelected = (rows: ImportRow[]) =>
  new Set(rows.filter((r) => r.values).map((r) => r.index));
