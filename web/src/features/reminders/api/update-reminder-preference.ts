import type { ReminderPreferenceView } from "@common/reminders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { reminderPreferenceQueryKey } from "./get-reminder-preference";

export const updateReminderPreference = (input: ReminderPreferenceView) =>
  api<ReminderPreferenceView>("/api/reminders/preference", { method: "PUT", body: input });

/** The client's own reminders switch. */
export function useUpdateReminderPreference() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateReminderPreference,
    onSuccess: (view) => qc.setQueryData(reminderPreferenceQueryKey, view),
  });
}
