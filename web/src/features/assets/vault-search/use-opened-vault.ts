import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import { errorMessage } from "@/lib/api-client";
import { openAssetContents } from "../api/list-asset-contents";
import { listAssetsQueryOptions } from "../api/list-assets";
import { searchFieldsOf, type SearchEntry } from "./match-vault";

export type OpenedVault = {
  /** Every item with its searchable fields: titles at once, the decrypted fields once opened. */
  entries: SearchEntry[];
  /** Items decrypted so far, of `total`. */
  opened: number;
  total: number;
  isDone: boolean;
  error: string | null;
};

/**
 * The whole vault opened for one search: the list's metadata, then every item's content fetched a
 * page at a time and decrypted here, once per mount, in this component's memory only (nothing is
 * cached or stored; unmounting drops it and stops the decryption).
 */
export function useOpenedVault(): OpenedVault {
  const qc = useQueryClient();
  const [state, setState] = useState<OpenedVault>({
    entries: [],
    opened: 0,
    total: 0,
    isDone: false,
    error: null,
  });
  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      try {
        const assets = await qc.fetchQuery(listAssetsQueryOptions());
        const titlesOnly = assets.map((asset) => ({ asset, fields: searchFieldsOf(asset) }));
        setState((s) => ({ ...s, entries: titlesOnly, total: assets.length }));
        const dataKey = await qc.fetchQuery(dataKeyQueryOptions());
        const contents = await openAssetContents(dataKey, {
          signal: abort.signal,
          onProgress: ({ opened }) => {
            // Every 25 items: a render per item would slow a large vault's decryption.
            if (opened % 25 === 0 && !abort.signal.aborted) setState((s) => ({ ...s, opened }));
          },
        });
        if (abort.signal.aborted) return;
        setState((s) => ({
          ...s,
          entries: assets.map((asset) => ({
            asset,
            fields: searchFieldsOf(asset, contents.get(asset.id)),
          })),
          opened: contents.size,
          isDone: true,
        }));
      } catch (err) {
        if (abort.signal.aborted) return;
        setState((s) => ({
          ...s,
          isDone: true,
          error: errorMessage(err, "Your vault could not be opened: only titles are searched."),
        }));
      }
    })();
    return () => abort.abort();
  }, [qc]);
  return state;
}
