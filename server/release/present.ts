import {
  RELEASE_ACTION_LABELS,
  type ReleaseState,
  type ReleaseSummary,
  type TimelineEntry,
} from "../../common/release.js";
import type { PlanRow, ReleaseRow } from "./queries.js";

export function releaseState(plan: PlanRow | null, latest: ReleaseRow | null): ReleaseState {
  if (latest?.status === "released") return "released";
  if (latest?.status === "waiting") return "waiting";
  return plan?.inactivityMonths != null ? "counting_down" : "none";
}

export function presentRelease(
  row: ReleaseRow | null,
  hasDocument: boolean,
): ReleaseSummary | null {
  if (!row) return null;
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    releaseAt: row.releaseAt.toISOString(),
    releasedAt: row.releasedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    attesterName: row.attesterName,
    eventDate: row.eventDate,
    hasDocument,
  };
}

export const presentTimeline = (
  rows: { at: Date; action: string; actorName: string | null }[],
): TimelineEntry[] =>
  rows.map((r) => ({
    at: r.at.toISOString(),
    action: r.action,
    label: RELEASE_ACTION_LABELS[r.action] ?? r.action,
    actorName: r.actorName,
  }));
