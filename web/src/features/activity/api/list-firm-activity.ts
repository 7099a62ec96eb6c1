import type { FirmActivityKind, ActivityPage } from "@common/activity";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const pathOf = (type: FirmActivityKind | undefined, cursor: string | null) => {
  const params = new URLSearchParams();
  if (type) params.set("type", type);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return `/api/firm/activity${query ? `?${query}` : ""}`;
};

/** The firm's whole activity of one kind (or all) as a spreadsheet: a plain link, the browser downloads it. */
export const firmActivityCsvPath = (type: FirmActivityKind | undefined) =>
  `/api/firm/activity.csv${type ? `?type=${encodeURIComponent(type)}` : ""}`;

/** One page of the firm's activity, for its admins, newest first (docs/decisions/040). */
export const listFirmActivity = (type: FirmActivityKind | undefined, cursor: string | null) =>
  api<ActivityPage>(pathOf(type, cursor));

export const firmActivityQueryKey = ["firm-activity"] as const;
/** Always read afresh when the screen opens: the timeline is a record of what just happened. */
export const firmActivityQueryOptions = (type?: FirmActivityKind) =>
  infiniteQueryOptions({
    queryKey: [...firmActivityQueryKey, type ?? "all"],
    queryFn: ({ pageParam }) => listFirmActivity(type, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    staleTime: 0,
  });
export const useFirmActivity = (type?: FirmActivityKind) =>
  useInfiniteQuery(firmActivityQueryOptions(type));
