import type { ReminderOptOutList } from "@common/reminders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const listReminderOptOuts = (signal?: AbortSignal) =>
  api<ReminderOptOutList>("/api/firm/reminders/opt-outs", { signal });

export const reminderOptOutsQueryOptions = () =>
  queryOptions({
    queryKey: ["reminder-opt-outs"] as const,
    queryFn: ({ signal }) => listReminderOptOuts(signal),
  });

/** The firm's clients who turned reminders off (who, never why). */
export const useReminderOptOuts = () => useQuery(reminderOptOutsQueryOptions());
