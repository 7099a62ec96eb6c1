import type { ReminderSettingsView, ReminderTemplateInput } from "@common/reminders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { reminderSettingsQueryKey } from "./get-reminder-settings";

export const updateReminderSettings = (input: ReminderTemplateInput) =>
  api<ReminderSettingsView>("/api/firm/reminders", { method: "PUT", body: input });

/** Saves the template and the monthly switch (firm admin). */
export function useUpdateReminderSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateReminderSettings,
    onSuccess: (view) => qc.setQueryData(reminderSettingsQueryKey, view),
  });
}
