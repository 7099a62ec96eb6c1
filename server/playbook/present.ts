import type { PlaybookTicksView } from "../../common/playbook.js";
import type { PlaybookTicksRow } from "./queries.js";

/** The owner's own checklist: the sealed bytes as base64 and the count; nothing opened here. */
export const presentPlaybookTicks = (row: PlaybookTicksRow | undefined): PlaybookTicksView =>
  row
    ? {
        sealed: { wrappedKey: row.ticksKey.toString("base64"), data: row.ticks.toString("base64") },
        tickedCount: row.tickedCount,
        updatedAt: row.updatedAt.toISOString(),
      }
    : { sealed: null, tickedCount: 0, updatedAt: null };
