import type { ReminderOptOutView, ReminderRunView } from "../../common/reminders.js";
import type { ReminderRun } from "./queries.js";

export const presentRun = (run: ReminderRun): ReminderRunView => ({
  id: run.id,
  status: run.status,
  isMonthly: run.isMonthly,
  totalClients: run.totalClients,
  processedClients: run.processedClients,
  sentClients: run.sentClients,
  startedAt: run.startedAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
});

export const presentOptOut = (row: {
  clientId: string;
  name: string;
  email: string;
  optedOutAt: Date;
}): ReminderOptOutView => ({
  clientId: row.clientId,
  name: row.name,
  email: row.email,
  optedOutAt: row.optedOutAt.toISOString(),
});
