import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchDataKeyOrAsk } from "@/lib/keys/api/get-data-key";
import { errorMessage } from "@/lib/api-client";
import { openAssetContents } from "../api/list-asset-contents";
import { listAssetsQueryOptions } from "../api/list-assets";
import { fetchOwnedTitles } from "../titles/use-opened-titles";
import { searchFieldsOf, type SearchEntry } from "./match-vault";

export type OpenedVault = {
  /** Every item with its searchable fields: titles once opened, then the decrypted fields. */
  entries: SearchEntry[];
  /** Items decrypted so far, of `total`. */
  opened: number;
  total: number;
  isDone: boolean;
  error: string | null;
};

/**
 * The whole vault opened for one search: the list's metadata and its titles (sealed, decision 080:
 * opened here with the data key, from the tab's title cache), then every item's content fetched a
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
        const [list, dataKey] = await Promise.all([
          qc.fetchQuery(listAssetsQueryOptions()),
          fetchDataKeyOrAsk(qc), // titles need it too: a locked tab asks (decision 075)
        ]);
        const assets = await fetchOwnedTitles(qc, list, dataKey, abort.signal);
        if (abort.signal.aborted) return;
        const titlesOnly = assets.map((asset) => ({ asset, fields: searchFieldsOf(asset) }));
        setState((s) => ({ ...s, entries: titlesOnly, total: assets.length }));
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
          error: errorMessage(err, "Your vault could not be opened: unlock it to search."),
        }));
      }
    })();
    return () => abort.abort();
  }, [qc]);
  return state;
}
