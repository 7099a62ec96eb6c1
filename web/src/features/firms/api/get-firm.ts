import type { FirmView } from "@common/firms";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The signed-in user's own firm. */
export const getFirm = async () => (await api<{ firm: FirmView }>("/api/firm")).firm;

export const firmQueryKey = ["firm"] as const;
export const firmQueryOptions = () => queryOptions({ queryKey: firmQueryKey, queryFn: getFirm });
export const useFirm = () => useQuery(firmQueryOptions());

/** After a change the server answered with the firm: shown at once, then read again. */
export function storeFirm(qc: QueryClient, firm: FirmView) {
  qc.setQueryData(firmQueryKey, firm);
  return qc.invalidateQueries({ queryKey: firmQueryKey });
}
