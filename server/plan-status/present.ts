import { csvLine } from "../../common/csv.js";
import { PLAN_STATUS_CHECKS, type PlanStatusRowView } from "../../common/plan-status.js";
import type { PlanStatusRow } from "./queries.js";

/** A status row as the firm's list shows it: yes/no, a date and a score; never the sort key. */
export const presentPlanStatusRow = (row: PlanStatusRow): PlanStatusRowView => ({
  clientId: row.clientId,
  name: row.name,
  email: row.email,
  hasReleasePlan: row.hasReleasePlan,
  hasBeneficiaries: row.hasBeneficiaries,
  areKeysHandedOver: row.areKeysHandedOver,
  areVerifiersAccepted: row.areVerifiersAccepted,
  hasRecoveryKit: row.hasRecoveryKit,
  lastCheckInAt: row.lastCheckInAt === null ? null : new Date(row.lastCheckInAt).toISOString(),
  score: Number(row.score),
});

/** The same row as a CSV line: Yes/No, the check-in's day (UTC) or empty, the score. */
export function planStatusCsvLine(row: PlanStatusRow): string {
  const view = presentPlanStatusRow(row);
  return csvLine([
    view.name,
    view.email,
    ...PLAN_STATUS_CHECKS.map(([field]) => (view[field] ? "Yes" : "No")),
    view.lastCheckInAt?.slice(0, 10) ?? null,
    String(view.score),
  ]);
}
