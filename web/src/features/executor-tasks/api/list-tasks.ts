import type { TasksView } from "@common/executor-tasks";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";

/** The estates the proven address is executor or family of, with their tasks (decision 099); null when signed out. */
export async function listTasks(): Promise<TasksView | null> {
  try {
    return await api<TasksView>("/api/legacy/tasks");
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** Under the portal's key ("legacy"), so signing out of the portal drops it with the rest. */
export const tasksQueryKey = ["legacy", "tasks"] as const;
export const tasksQueryOptions = () =>
  queryOptions({ queryKey: tasksQueryKey, queryFn: listTasks, staleTime: 0 });
export const useTasks = (isSignedIn: boolean) =>
  useQuery({ ...tasksQueryOptions(), enabled: isSignedIn });
