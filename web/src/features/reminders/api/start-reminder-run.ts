import type { ReminderRunView } from "@common/reminders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { reminderSettingsQueryKey } from "./get-reminder-settings";

export const startReminderRun = () =>
  api<ReminderRunView>("/api/firm/reminders/runs", { method: "POST", body: {} });

/** "Send reminders": a send to every client with an incomplete plan (firm admin). */
export function useStartReminderRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startReminderRun,
    onSuccess: () => qc.invalidateQueries({ queryKey: reminderSettingsQueryKey }),
  });
}
