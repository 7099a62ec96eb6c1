import type { FirmSummaryView } from "@common/firm-codes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The firm a code belongs to; 404 'Invalid firm code' when none. */
export const lookupFirm = async (code: string, signal?: AbortSignal) =>
  (
    await api<{ firm: FirmSummaryView }>(`/api/firms/lookup?code=${encodeURIComponent(code)}`, {
      signal,
    })
  ).firm;

export const firmLookupQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ["firms", "lookup", code],
    queryFn: ({ signal }) => lookupFirm(code, signal),
  });

export const useFirmLookup = (code: string, isEnabled: boolean) =>
  useQuery({ ...firmLookupQueryOptions(code), enabled: isEnabled });
