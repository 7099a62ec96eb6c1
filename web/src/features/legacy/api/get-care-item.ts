import type { CareItemDetail } from "@common/incapacity";
import type { LegacyItemDetail } from "@common/legacy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { restoreAccessKeys } from "../access-keys";
import { openWithAccessKey, type OpenedLegacyItem } from "./get-item";
import { legacyQueryKey } from "./list-items";

/** A caregiver's item in the portal's item shape: no files (none are served), access until the scope's end. */
const asDetail = (item: CareItemDetail): LegacyItemDetail => ({
  ...item,
  releasedAt: item.endsAt,
  accessEndsAt: item.endsAt,
  role: null, // care, not a role of decision 091, gives it
  waitingShare: null, // a message is never marked for care (decision 093)
  files: [],
});

/** Fetches and opens a caregiver's item with the access key this tab holds (decision 093). */
async function openCareItem(id: string): Promise<OpenedLegacyItem> {
  const [{ item }] = await Promise.all([
    api<{ item: CareItemDetail }>(`/api/legacy/care/${encodeURIComponent(id)}`),
    restoreAccessKeys(),
  ]);
  return openWithAccessKey(asDetail(item));
}

export const openCareItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...legacyQueryKey, "care-item", id],
    queryFn: () => openCareItem(id),
    staleTime: 0,
    gcTime: 0, // decrypted content leaves memory as soon as the item is closed
    retry: false,
  });

export const useOpenCareItem = (id: string) => useQuery(openCareItemQueryOptions(id));
