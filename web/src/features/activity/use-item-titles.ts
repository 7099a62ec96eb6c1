import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { listAssetsQueryOptions } from "@/features/assets/api/list-assets";
import { useOwnedTitles } from "@/features/assets/titles/use-opened-titles";
import { useDataKey } from "@/lib/keys/api/get-data-key";

/**
 * The owner's items' opened titles by id, for the timeline to name the items its events carry
 * (decision 080: the server words them by type only). Only while this tab has the data key: a
 * locked tab shows the server's words, and asks for nothing.
 */
export function useItemTitles(): ReadonlyMap<string, string> {
  const hasKey = !!useDataKey().data;
  const assets = useQuery({ ...listAssetsQueryOptions(), enabled: hasKey });
  const titled = useOwnedTitles(hasKey ? assets.data : undefined);
  return useMemo(
    () => new Map(titled.rows?.filter((r) => r.isTitleOpen).map((r) => [r.id, r.title])),
    [titled.rows],
  );
}
