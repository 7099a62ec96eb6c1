import type { ExecutorMilestonesView } from "@common/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";

/** The milestones the executor confirms, per released estate (decision 109); null when signed out. */
export async function listExecutorMilestones(): Promise<ExecutorMilestonesView | null> {
  try {
    return await api<ExecutorMilestonesView>("/api/legacy/milestones");
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** Under the portal's key ("legacy"), so signing out of the portal drops it with the rest. */
export const executorMilestonesQueryKey = ["legacy", "milestones"] as const;
export const executorMilestonesQueryOptions = () =>
  queryOptions({ queryKey: executorMilestonesQueryKey, queryFn: listExecutorMilestones });
export const useExecutorMilestones = (isSignedIn: boolean) =>
  useQuery({ ...executorMilestonesQueryOptions(), enabled: isSignedIn });
