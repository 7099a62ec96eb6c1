import type { ReminderSettingsView } from "@common/reminders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** While a send is under way, its progress is read again this often. */
const PROGRESS_POLL_MS = 1000;

export const getReminderSettings = (signal?: AbortSignal) =>
  api<ReminderSettingsView>("/api/firm/reminders", { signal });

export const reminderSettingsQueryKey = ["reminder-settings"] as const;
export const reminderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: reminderSettingsQueryKey,
    queryFn: ({ signal }) => getReminderSettings(signal),
    refetchInterval: (query) =>
      query.state.data?.lastRun?.status === "sending" ? PROGRESS_POLL_MS : false,
  });

/** The firm's reminder template, its monthly switch and its last send (firm admin). */
export const useReminderSettings = () => useQuery(reminderSettingsQueryOptions());
