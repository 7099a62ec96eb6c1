import { ASSET_TITLES_BATCH, type AssetView } from "@common/assets";
import type { QueryClient } from "@tanstack/react-query";
import { toBase64 } from "@/lib/crypto/vault-crypto";
import { assetsQueryKey, listAssetsQueryOptions } from "../api/list-assets";
import { sealTitles } from "../api/seal-titles";
import { sealTitle } from "../seal";
import { ownedContentKey } from "./use-opened-titles";

/** How far the move-over got: titles sealed, titles left clear (tried again next time), of all clear ones. */
export type TitlesMoveOverResult = { total: number; sealed: number; failed: number };

export type TitlesMoveOverOptions = {
  queryClient: QueryClient;
  /** The data key, fetched only when a title is still clear. */
  getDataKey: () => Promise<CryptoKey>;
  onProgress?: (progress: { total: number; done: number }) => void;
};

/** An item whose title is still in clear on the server (stored before titles were sealed). */
const isClear = (a: AssetView): a is AssetView & { title: string } =>
  a.title !== null && a.encryptedTitle === null;

/** Sends one batch, and once more if that fails (offline a moment, a restart). */
async function sendWithOneRetry(titles: { id: string; encryptedTitle: string }[]) {
  try {
    return await sealTitles(titles);
  } catch {
    return await sealTitles(titles);
  }
}

/**
 * Moving titles over (decision 080): each of the owner's items whose title is still clear gets it
 * sealed with its content key here, sent ASSET_TITLES_BATCH at a time (each batch tried twice).
 * A batch that fails stays clear, for the next sign-in; so does an item whose key does not open.
 * Nothing is logged or kept.
 */
export async function moveOverTitles({
  queryClient,
  getDataKey,
  onProgress,
}: TitlesMoveOverOptions): Promise<TitlesMoveOverResult> {
  const list = await queryClient.fetchQuery({ ...listAssetsQueryOptions(), staleTime: 0 });
  const clear = list.filter(isClear);
  const result = { total: clear.length, sealed: 0, failed: 0 };
  if (clear.length === 0) return result;
  const contentKeyOf = ownedContentKey(await getDataKey());
  onProgress?.({ total: result.total, done: 0 });
  for (let i = 0; i < clear.length; i += ASSET_TITLES_BATCH) {
    const batch = clear.slice(i, i + ASSET_TITLES_BATCH);
    const sealed = await Promise.all(
      batch.map(async (a) => {
        try {
          const key = await contentKeyOf(a);
          return { id: a.id, encryptedTitle: toBase64(await sealTitle(key, a.id, a.title)) };
        } catch {
          return null; // its key does not open: its own screen says so; it stays clear
        }
      }),
    );
    const titles = sealed.filter((t) => t !== null);
    let moved = 0;
    if (titles.length > 0)
      // Skipped ids were sealed meanwhile (another tab): done all the same.
      moved = await sendWithOneRetry(titles).then(
        (r) => r.moved + r.skipped,
        () => 0,
      );
    result.sealed += moved;
    result.failed += batch.length - moved;
    onProgress?.({ total: result.total, done: result.sealed + result.failed });
  }
  await queryClient.invalidateQueries({ queryKey: assetsQueryKey });
  return result;
}
