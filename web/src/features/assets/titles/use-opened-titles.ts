import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { fromBase64, unwrapContentKey } from "@/lib/crypto/vault-crypto";
import { useDataKey } from "@/lib/keys/api/get-data-key";
import { plaintextMeta } from "@/lib/keys/vault-lock";
import {
  allTitled,
  openTitles,
  titled,
  type SealedTitleRow,
  type TitleCache,
  type Titled,
} from "./open-titles";

/**
 * The owner's opened titles in this tab, one cache for every screen: a query whose data is the
 * cache itself, so that a lock (or sign-out) drops it with the rest of the plaintext (decision 046).
 */
export const ownedTitlesQueryKey = ["asset-titles"] as const;

/** A cache of opened titles kept under `queryKey` (the owner's by default; the portal keeps its own). */
export const titleCacheQueryOptions = (
  queryKey: readonly unknown[] = ownedTitlesQueryKey,
  gcTime = Infinity,
) =>
  queryOptions({
    queryKey,
    queryFn: (): TitleCache => new Map(),
    staleTime: Infinity,
    gcTime,
    meta: plaintextMeta,
  });

/** An owner's row: its content key wrapped with the data key (base64), as lists and the dashboard send it. */
export type OwnedTitleRow = SealedTitleRow & { wrappedKey: string };

/** How the owner's browser reaches a row's content key: unwrapped with the data key. */
export const ownedContentKey = (dataKey: CryptoKey) => (row: OwnedTitleRow) =>
  unwrapContentKey(fromBase64(row.wrappedKey), dataKey, row.id);

/** The owner's rows with their titles opened (for a search, an export, the inventory). */
export async function fetchOwnedTitles<R extends OwnedTitleRow>(
  queryClient: QueryClient,
  rows: readonly R[],
  dataKey: CryptoKey,
  signal?: AbortSignal,
): Promise<Titled<R>[]> {
  const cache = await queryClient.fetchQuery(titleCacheQueryOptions());
  await openTitles(cache, rows, { contentKeyOf: ownedContentKey(dataKey), signal });
  return allTitled(cache, rows);
}

export type OpenedTitles<R extends SealedTitleRow> = {
  /** Every row with its title, once all of them are opened; undefined until then. */
  rows: Titled<R>[] | undefined;
  /** Titles opened so far, of `total` (clear ones count as opened). */
  opened: number;
  total: number;
};

/**
 * Opens the titles of `rows` (a query's data: keep it the same array while it does not change)
 * with `contentKeyOf`, a batch at a time, and gives the rows back with their titles once all are
 * there. Without `contentKeyOf` (no key yet) sealed titles wait. A title that does not open shows
 * "Cannot be opened"; nothing throws. `cacheOptions`: where the opened titles are kept.
 */
export function useOpenedTitles<R extends SealedTitleRow>(
  rows: readonly R[] | undefined,
  contentKeyOf: ((row: R) => Promise<CryptoKey>) | undefined,
  cacheOptions: ReturnType<typeof titleCacheQueryOptions> = titleCacheQueryOptions(),
): OpenedTitles<R> {
  const cache = useQuery(cacheOptions).data;
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    if (!cache || !rows || !contentKeyOf) return;
    const abort = new AbortController();
    void openTitles(cache, rows, {
      contentKeyOf,
      signal: abort.signal,
      onBatch: () => setRevision((r) => r + 1),
    });
    return () => abort.abort();
  }, [cache, rows, contentKeyOf]);
  return useMemo(() => {
    if (!rows) return { rows: undefined, opened: 0, total: 0 };
    const all = cache ? rows.map((row) => titled(cache, row)) : [];
    const opened = all.filter((row) => row !== undefined);
    const isDone = cache !== undefined && opened.length === rows.length;
    // `revision` counts the batches opened: each one shows in a new result.
    return {
      rows: isDone ? opened : undefined,
      opened: opened.length,
      total: rows.length,
      revision,
    };
  }, [rows, cache, revision]);
}

/** The owner's rows with their titles opened with the data key (useOpenedTitles); waits while the tab has no key. */
export function useOwnedTitles<R extends OwnedTitleRow>(rows: readonly R[] | undefined) {
  const dataKey = useDataKey().data;
  const contentKeyOf = useMemo(() => (dataKey ? ownedContentKey(dataKey) : undefined), [dataKey]);
  return useOpenedTitles(rows, contentKeyOf);
}
