import type { SessionList } from "@common/sessions";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const sessionsQueryKey = ["sessions"] as const;

/** The account's signed-in devices. */
export const listSessions = () => api<SessionList>("/api/sessions");

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
