import type { TaskTimelineView } from "@common/executor-tasks";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { tasksQueryKey } from "./list-tasks";

/** The newest changes to an estate's tasks, the executor's only (decision 099). */
export const getTimeline = (ownerId: string) =>
  api<TaskTimelineView>(`/api/legacy/tasks/timeline?ownerId=${encodeURIComponent(ownerId)}`);

export const timelineQueryOptions = (ownerId: string) =>
  queryOptions({
    queryKey: [...tasksQueryKey, "timeline", ownerId],
    queryFn: () => getTimeline(ownerId),
    staleTime: 0,
  });
export const useTimeline = (ownerId: string) => useQuery(timelineQueryOptions(ownerId));
