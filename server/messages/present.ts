import type { MessageDelivery, MessageScheduleView } from "../../common/messages.js";
import type { ScheduleRow } from "./queries.js";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The schedule's "when" as the contract words it. */
export function deliveryOf(
  row: Pick<ScheduleRow, "deliverWhen" | "deliverOn" | "yearsAfter">,
): MessageDelivery {
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
});

/** A schedule for its owner, with the waiting share already unsealed (base64). */
export const presentSchedule = (row: ScheduleRow, share: Buffer): MessageScheduleView => ({
  ...presentScheduleSummary(row),
  waitingShare: share.toString("base64"),
});
