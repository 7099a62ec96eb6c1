import type { MessageDelivery, MessageScheduleView, MilestoneView } from "../../common/messages.js";
import type { MilestoneRow, ScheduleRow } from "./queries.js";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The schedule's "when" as the contract words it. */
export function deliveryOf(
  row: Pick<
    ScheduleRow,
    "deliverWhen" | "deliverOn" | "yearsAfter" | "milestoneLabel" | "milestoneConfirmer"
  >,
): MessageDelivery {
  if (row.deliverWhen === "milestone" && row.milestoneLabel && row.milestoneConfirmer)
    return { when: "milestone", label: row.milestoneLabel, confirmer: row.milestoneConfirmer };
  if (row.deliverWhen === "date" && row.deliverOn) return { when: "date", date: row.deliverOn };
  if (row.deliverWhen === "anniversary" && row.yearsAfter)
    return { when: "anniversary", years: row.yearsAfter };
  return { when: "release" };
}

/** A schedule without its share (lists). */
export const presentScheduleSummary = (row: ScheduleRow) => ({
  assetId: row.assetId,
  delivery: deliveryOf(row),
  releasedAt: iso(row.releasedAt),
  dueAt: iso(row.dueAt),
  deliveredAt: iso(row.deliveredAt),
  confirmedAt: iso(row.confirmedAt),
});

/** A schedule for its owner, with the waiting share already unsealed (base64). */
export const presentSchedule = (row: ScheduleRow, share: Buffer): MessageScheduleView => ({
  ...presentScheduleSummary(row),
  waitingShare: share.toString("base64"),
});

/** A milestone for its confirmer: its description and whether it is confirmed; nothing sealed. */
export const presentMilestone = (row: MilestoneRow): MilestoneView => ({
  id: row.id,
  label: row.label ?? "",
  confirmedAt: iso(row.confirmedAt),
});
