import type { EarlyWishesDetail } from "@common/legacy";
import type { LegacyItemDetail } from "@common/legacy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { restoreAccessKeys } from "../access-keys";
import { openWithAccessKey, type OpenedLegacyItem } from "./get-item";
import { legacyQueryKey } from "./list-items";

/** Final wishes in the portal's item shape: no files, no release yet (decision 097). */
const asDetail = (item: EarlyWishesDetail): LegacyItemDetail => ({
  ...item,
  type: "wishes",
  releasedAt: item.confirmedAt,
  accessEndsAt: item.confirmedAt,
  role: null,
  waitingShare: null,
  files: [],
});

/** Fetches and opens the final wishes with the access key this tab holds. */
async function openEarlyWishes(id: string): Promise<OpenedLegacyItem> {
  const [{ item }] = await Promise.all([
    api<{ item: EarlyWishesDetail }>(`/api/legacy/wishes/${encodeURIComponent(id)}`),
    restoreAccessKeys(),
  ]);
  return openWithAccessKey(asDetail(item));
}

export const openEarlyWishesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...legacyQueryKey, "wishes-item", id],
    queryFn: () => openEarlyWishes(id),
    staleTime: 0,
    gcTime: 0, // decrypted content leaves memory as soon as the page is closed
    retry: false,
  });

export const useOpenEarlyWishes = (id: string) => useQuery(openEarlyWishesQueryOptions(id));
