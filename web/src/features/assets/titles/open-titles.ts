import type { AssetView } from "@common/assets";
import { fromBase64 } from "@/lib/crypto/vault-crypto";
import { openTitle } from "../seal";

/**
 * Titles opened in the browser (decision 080): an item's title is sealed with its content key, so
 * lists, search and sorting work on titles opened here. What every list row needs: its id, its
 * clear title (an item not moved over yet) or its sealed one (base64).
 */
export type SealedTitleRow = { id: string; title: string | null; encryptedTitle: string | null };

/** A row with its title opened: `title` is the text to show; `isTitleOpen` false when it did not open. */
export type Titled<R extends SealedTitleRow> = Omit<R, "title"> & {
  title: string;
  isTitleOpen: boolean;
};

/** What a row shows when its title does not open (a damaged ciphertext, a key that does not fit). */
export const TITLE_NOT_OPENED = "Cannot be opened";

/**
 * Opened titles by id and sealed title: a changed title (a new ciphertext) opens again, an
 * unchanged one never twice. null: it did not open. Plaintext, so it lives in a query that a lock
 * removes (use-opened-titles.ts).
 */
export type TitleCache = Map<string, string | null>;

const cacheKey = (row: SealedTitleRow) => `${row.id}:${row.encryptedTitle ?? ""}`;

/** Whether the row's title still has to be opened (sealed, not in the cache). */
export const needsOpening = (cache: TitleCache, row: SealedTitleRow) =>
  row.title === null && row.encryptedTitle !== null && !cache.has(cacheKey(row));

/**
 * The row with its title: a clear title as it is, an opened one from the cache, and the
 * "Cannot be opened" label for one that did not open. undefined while it is still to be opened.
 */
export function titled<R extends SealedTitleRow>(cache: TitleCache, row: R): Titled<R> | undefined {
  if (row.title !== null) return { ...row, title: row.title, isTitleOpen: true };
  if (row.encryptedTitle === null) return { ...row, title: TITLE_NOT_OPENED, isTitleOpen: false };
  const opened = cache.get(cacheKey(row));
  if (opened === undefined) return undefined;
  return opened === null
    ? { ...row, title: TITLE_NOT_OPENED, isTitleOpen: false }
    : { ...row, title: opened, isTitleOpen: true };
}

/** How many titles are opened at once: a batch, then the screen can show them. */
export const TITLES_BATCH = 100;

/**
 * Opens the titles of `rows` not in the cache yet, a batch at a time, and puts them in it (null
 * for one that does not open: never a crash, never a retry of the same ciphertext). `contentKeyOf`
 * gives a row's content key (the owner's: unwrapped with the data key; a beneficiary's: from the
 * portal's key material). `onBatch` after each batch; `signal` stops between batches.
 */
export async function openTitles<R extends SealedTitleRow>(
  cache: TitleCache,
  rows: readonly R[],
  {
    contentKeyOf,
    onBatch,
    signal,
  }: {
    contentKeyOf: (row: R) => Promise<CryptoKey>;
    onBatch?: () => void;
    signal?: AbortSignal;
  },
): Promise<void> {
  const todo = rows.filter((row) => needsOpening(cache, row));
  for (let i = 0; i < todo.length; i += TITLES_BATCH) {
    if (signal?.aborted) return;
    const batch = todo.slice(i, i + TITLES_BATCH);
    const opened = await Promise.all(
      batch.map(async (row) => {
        try {
          const key = await contentKeyOf(row);
          return await openTitle(key, row.id, fromBase64(row.encryptedTitle ?? ""));
        } catch {
          return null;
        }
      }),
    );
    if (signal?.aborted) return;
    batch.forEach((row, j) => cache.set(cacheKey(row), opened[j] ?? null));
    onBatch?.();
  }
}

/** Every row with its title, once all are opened (openTitles first). */
export const allTitled = <R extends SealedTitleRow>(cache: TitleCache, rows: readonly R[]) =>
  rows.map((row) => titled(cache, row) ?? { ...row, title: TITLE_NOT_OPENED, isTitleOpen: false });

/** An owner's item as the screens show it: its title opened (decision 080). */
export type OpenedAssetView = Titled<AssetView>;

/** A form's starting title: the opened one, or empty when it did not open (the owner types a new one). */
export const openedTitle = (row: { title: string; isTitleOpen: boolean }) =>
  row.isTitleOpen ? row.title : "";
