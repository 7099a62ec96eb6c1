import type { ActivityKind, ActivityPage } from "@common/activity";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const pathOf = (type: ActivityKind | undefined, cursor: string | null) => {
  const params = new URLSearchParams();
  if (type) params.set("type", type);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return `/api/activity${query ? `?${query}` : ""}`;
};

/** One page of the signed-in user's own activity, newest first (docs/decisions/040). */
export const listActivity = (type: ActivityKind | undefined, cursor: string | null) =>
  api<ActivityPage>(pathOf(type, cursor));

export const activityQueryKey = ["activity"] as const;
/** Always read afresh when the screen opens: the timeline is a record of what just happened. */
export const activityQueryOptions = (type?: ActivityKind) =>
  infiniteQueryOptions({
    queryKey: [...activityQueryKey, type ?? "all"],
    queryFn: ({ pageParam }) => listActivity(type, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    staleTime: 0,
  });
export const useActivity = (type?: ActivityKind) => useInfiniteQuery(activityQueryOptions(type));
