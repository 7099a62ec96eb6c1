import type { ReminderPreferenceView } from "@common/reminders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const getReminderPreference = (signal?: AbortSignal) =>
  api<ReminderPreferenceView>("/api/reminders/preference", { signal });

export const reminderPreferenceQueryKey = ["reminder-preference"] as const;
export const reminderPreferenceQueryOptions = () =>
  queryOptions({
    queryKey: reminderPreferenceQueryKey,
    queryFn: ({ signal }) => getReminderPreference(signal),
  });

/** Whether the signed-in client turned their firm's reminders off. */
export const useReminderPreference = () => useQuery(reminderPreferenceQueryOptions());
