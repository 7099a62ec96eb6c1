import { useMemo } from "react";
import type { OpenedContents } from "../api/list-asset-contents";
import type { OpenedAssetView } from "../titles/open-titles";
import type { EstateRow } from "./filter-estate";
import { openedEstate } from "./opened-estate";

/** The entries with their opened content (null until the contents have opened, or when one does not). */
export function useEstateRows(
  assets: readonly OpenedAssetView[] | undefined,
  contents: OpenedContents<"estate"> | undefined,
): EstateRow[] | undefined {
  return useMemo(() => {
    if (!assets) return undefined;
    return assets.map((asset) => {
      const content = contents?.get(asset.id);
      return { asset, content: content ? openedEstate(content) : null };
    });
  }, [assets, contents]);
}
