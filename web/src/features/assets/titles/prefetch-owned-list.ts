import type { AssetType } from "@common/assets";
import type { QueryClient } from "@tanstack/react-query";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import { listAssetsQueryOptions } from "../api/list-assets";
import { fetchOwnedTitles } from "./use-opened-titles";

/**
 * A list screen's prefetch on a first visit (app/screen.tsx): the list of `type` and the data key,
 * then the titles opened into the shared cache, while the layout and the screen are still being
 * loaded and rendered; the screen then finds them there. Quiet: whatever fails here, the screen
 * asks again and says so.
 */
export async function prefetchOwnedList(queryClient: QueryClient, type: AssetType) {
  try {
    const [rows, dataKey] = await Promise.all([
      queryClient.fetchQuery(listAssetsQueryOptions(type)),
      queryClient.fetchQuery(dataKeyQueryOptions()),
    ]);
    await fetchOwnedTitles(queryClient, rows, dataKey);
  } catch {
    // the screen's own queries show it
  }
}
