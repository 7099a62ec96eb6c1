import type { LegacyItemsView } from "@common/legacy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/legacy/items with the account's session: what others left to this user's confirmed address (401 when there is none). */
export const listLegacyItems = () => api<LegacyItemsView>("/api/legacy/items");

/** Its own key: the beneficiary portal (/legacy) keeps its data apart. Not retried: the dashboard just goes without the card. */
export const legacyItemsQueryOptions = () =>
  queryOptions({ queryKey: ["dashboard", "legacy-items"], queryFn: listLegacyItems, retry: false });
export const useLegacyItems = () => useQuery(legacyItemsQueryOptions());
