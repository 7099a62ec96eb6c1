import type { FirmPageView } from "@common/firm-page";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Public: a firm's page by its slug (decision 095). */
export const getFirmPage = async (slug: string) =>
  (await api<{ page: FirmPageView }>(`/api/firm-pages/${encodeURIComponent(slug)}`)).page;

export const firmPageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ["firm-page", slug], queryFn: () => getFirmPage(slug), retry: false });
export const useFirmPage = (slug: string) => useQuery(firmPageQueryOptions(slug));
