import type { PlanStatusExportQuery, PlanStatusPage } from "@common/plan-status";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The list's sort, direction and filter (the URL holds them; the cursor is the query's own). */
export type PlanStatusParams = PlanStatusExportQuery;

export const DEFAULT_PLAN_STATUS: PlanStatusParams = { sort: "score", dir: "asc", filter: "all" };

const searchOf = ({ sort, dir, filter }: PlanStatusParams, cursor?: string | null) => {
  const query = new URLSearchParams({ sort, dir, filter });
  if (cursor) query.set("cursor", cursor);
  return query.toString();
};

/** Every client in this sort and filter as a spreadsheet: a plain link, the browser downloads it. */
export const planStatusCsvPath = (params: PlanStatusParams) =>
  `/api/firm/plan-status.csv?${searchOf(params)}`;

/** One page of the firm's clients' plan status, after `cursor` (docs/decisions/087). */
export const listPlanStatus = (
  params: PlanStatusParams,
  cursor: string | null,
  signal?: AbortSignal,
) => api<PlanStatusPage>(`/api/firm/plan-status?${searchOf(params, cursor)}`, { signal });

export const planStatusQueryKey = ["plan-status"] as const;
export const planStatusQueryOptions = (params: PlanStatusParams) =>
  infiniteQueryOptions({
    queryKey: [...planStatusQueryKey, params],
    queryFn: ({ pageParam, signal }) => listPlanStatus(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** "Show more" reads the next page; a new sort or filter keeps the old rows dimmed until it loads. */
export const usePlanStatus = (params: PlanStatusParams) =>
  useInfiniteQuery({ ...planStatusQueryOptions(params), placeholderData: keepPreviousData });
