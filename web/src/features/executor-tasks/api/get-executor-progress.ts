import type { ExecutorProgressView } from "@common/executor-tasks";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** A client's executor tasks, counted per status: the firm's view (decision 099), never content. */
export const getExecutorProgress = (clientId: string) =>
  api<ExecutorProgressView>(`/api/clients/${encodeURIComponent(clientId)}/executor-progress`);

export const executorProgressQueryKey = (clientId: string) =>
  ["executor-tasks", "progress", clientId] as const;
export const executorProgressQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: executorProgressQueryKey(clientId),
    queryFn: () => getExecutorProgress(clientId),
  });
export const useExecutorProgress = (clientId: string) =>
  useQuery(executorProgressQueryOptions(clientId));
