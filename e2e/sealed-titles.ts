import type { Page } from "playwright-core";
import { ownerDataKey } from "./fixtures.js";
import {
  importDataKey,
  openTitle,
  unwrapContentKey,
  type CryptoKey,
} from "../test/vault-crypto.js";

/**
 * Titles are sealed in the browser (docs/decisions/080): what the API lists or is sent carries
 * the title only as ciphertext. These open it as the owner's browser does, for journeys that
 * check what was stored or sent.
 */
export type SealedRow = {
  id: string;
  title?: string | null;
  encryptedTitle: string | null;
  wrappedKey: string;
};

/** The owner's data key, from their password (as the browser derives it). */
export const dataKeyOf = async (page: Page, password: string): Promise<CryptoKey> =>
  importDataKey(await ownerDataKey(page, password));

/** A row's title: clear (never moved over) or opened with its content key. */
export async function titleOf(dk: CryptoKey, row: SealedRow): Promise<string> {
  if (row.title) return row.title;
  if (!row.encryptedTitle) throw new Error(`${row.id}: no title at all`);
  const ck = await unwrapContentKey(dk, row.id, row.wrappedKey);
  return openTitle(ck, row.id, row.encryptedTitle);
}

/** The rows' titles, opened with the owner's data key, sorted. */
export async function openedTitles(dk: CryptoKey, rows: SealedRow[]): Promise<string[]> {
  return (await Promise.all(rows.map((row) => titleOf(dk, row)))).sort();
}
