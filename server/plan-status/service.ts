import { csvLine } from "../../common/csv.js";
import {
  PLAN_STATUS_CSV_COLUMNS,
  PLAN_STATUS_PAGE_SIZE,
  type PlanStatusExportQuery,
  type PlanStatusPage,
  type PlanStatusQuery,
} from "../../common/plan-status.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { decodeStatusCursor, encodeStatusCursor, type StatusKey } from "./cursor.js";
import { planStatusCsvLine, presentPlanStatusRow } from "./present.js";
import { selectPlanStatusPage, type PlanStatusRow } from "./queries.js";

/** Rows read per statement while a CSV download streams. */
const EXPORT_BATCH = 2000;

const keyOf = (row: PlanStatusRow): StatusKey => ({ key: row.sortKey, id: row.clientId });

/**
 * GET /api/firm/plan-status: one page of the firm's clients' plan status (docs/decisions/087),
 * for everyone who reads the firm's clients (admins, staff, read-only assistants).
 */
export async function listPlanStatus(
  deps: Deps,
  actor: ActorProfile,
  query: PlanStatusQuery,
): Promise<PlanStatusPage> {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  const after = decodeStatusCursor(query, query.cursor);
  const rows = await withActor(deps.db, { userId: actor.id }, (tx) =>
    selectPlanStatusPage(tx, { firmId, query, after, limit: PLAN_STATUS_PAGE_SIZE + 1 }),
  );
  const page = rows.slice(0, PLAN_STATUS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    clients: page.map(presentPlanStatusRow),
    nextCursor:
      rows.length > PLAN_STATUS_PAGE_SIZE && last ? encodeStatusCursor(query, keyOf(last)) : null,
  };
}

/**
 * GET /api/firm/plan-status.csv: every client of the firm in the list's sort and filter, as CSV
 * lines produced batch by batch (each batch one statement under row-level security, read on from
 * the last row of the one before), so 100,000 clients never sit in memory at once. The download
 * is audited when it starts.
 */
export async function exportPlanStatus(
  deps: Deps,
  actor: ActorProfile,
  query: PlanStatusExportQuery,
): Promise<AsyncGenerator<string>> {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: "plan_status.exported",
    subjectType: "firm",
    subjectId: firmId,
    firmId,
    details: { sort: query.sort, dir: query.dir, filter: query.filter },
  });
  return (async function* lines() {
    yield csvLine(PLAN_STATUS_CSV_COLUMNS);
    let after: StatusKey | null = null;
    for (;;) {
      const from = after;
      const rows = await withActor(deps.db, { userId: actor.id }, (tx) =>
        selectPlanStatusPage(tx, { firmId, query, after: from, limit: EXPORT_BATCH }),
      );
      if (rows.length > 0) yield rows.map(planStatusCsvLine).join("");
      const last = rows.at(-1);
      if (rows.length < EXPORT_BATCH || !last) return;
      after = keyOf(last);
    }
  })();
}
