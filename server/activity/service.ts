import {
  ACTIVITY_KINDS,
  ACTIVITY_MSG,
  ACTIVITY_PAGE_SIZE,
  FIRM_ACTIVITY_CSV_COLUMNS,
  FIRM_ACTIVITY_EXPORT_MAX,
  FIRM_ACTIVITY_KINDS,
  FIRM_ACTIVITY_KIND_LABELS,
  type FirmActivityKind,
  type ActivityEvent,
  type ActivityPage,
  type ActivityQuery,
  type FirmActivityQuery,
} from "../../common/activity.js";
import { csvLine } from "../../common/csv.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { presentFirmEvent, presentOwnerEvent, type Names } from "./present.js";
import {
  selectCodes,
  selectEvents,
  selectFirmNames,
  selectItems,
  selectNames,
  type EventRow,
} from "./queries.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const unique = (values: unknown[]) => [
  ...new Set(values.filter((v): v is string => typeof v === "string")),
];
const uuids = (values: unknown[]) => unique(values).filter((v) => UUID.test(v));
const byId = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));

function pageOf(rows: EventRow[], present: (row: EventRow) => ActivityEvent): ActivityPage {
  const shown = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    events: shown.map(present),
    cursor: rows.length > ACTIVITY_PAGE_SIZE && last ? String(last.id) : null,
  };
}

/**
 * GET /api/activity: the events about the caller's own account and vault, whatever their role
 * (docs/decisions/040). Read under row-level security (owner_id is the caller).
 */
export async function listActivity(
  deps: Deps,
  actor: ActorProfile,
  query: ActivityQuery,
): Promise<ActivityPage> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const actions = query.type ? ACTIVITY_KINDS[query.type] : Object.values(ACTIVITY_KINDS).flat();
  const { rows, items } = await withActor(deps.db, { userId: actor.id }, async (tx) => {
    const rows = await selectEvents(tx, {
      scope: { ownerId: actor.id },
      actions,
      cursor: query.cursor,
      limit: ACTIVITY_PAGE_SIZE + 1,
    });
    const itemIds = uuids(
      rows.map((r) => (r.action.startsWith("asset.") ? r.subjectId : r.details?.assetId)),
    );
    return { rows, items: await selectItems(tx, itemIds) };
  });
  // The names of the firm members who acted on this account (a view as client, a role change, an
  // attestation) and of the firms named: the owner may not read other people's profiles under
  // lv_app, so they are read as the system, but only for ids taken from rows that row-level
  // security has just let the owner read, and only the name.
  const others = unique(rows.map((r) => r.actorId)).filter((id) => id !== actor.id);
  const { people, firms } = await asSystem(deps.db, async (tx) => ({
    people: await selectNames(tx, others),
    firms: await selectFirmNames(tx, uuids(rows.map((r) => r.firmId))),
  }));
  const names: Names = {
    viewerId: actor.id,
    people: byId(people),
    firms: byId(firms),
    items: new Map(items.map((i) => [i.id, { type: i.type }])),
    codes: new Map(),
  };
  return pageOf(rows, (row) => presentOwnerEvent(row, names));
}

/** One page of the firm's events as its admins read them: names under row-level security. */
async function readFirmPage(
  tx: Tx,
  actor: ActorProfile,
  firmId: string,
  q: { actions: readonly string[]; cursor?: string; limit: number },
) {
  const rows = await selectEvents(tx, { scope: { firmId }, ...q });
  const people = await selectNames(tx, unique(rows.flatMap((r) => [r.actorId, r.ownerId])));
  const codeIds = uuids(rows.map((r) => (r.action.startsWith("firm_code.") ? r.subjectId : null)));
  const codes = await selectCodes(tx, firmId, codeIds);
  const names: Names = {
    viewerId: actor.id,
    people: byId(people),
    firms: new Map(),
    items: new Map(),
    codes: new Map(codes.map((c) => [c.id, c.code])),
  };
  return { rows, present: (row: EventRow) => presentFirmEvent(row, names) };
}

const firmActions = (type: FirmActivityQuery["type"]) =>
  type ? FIRM_ACTIVITY_KINDS[type] : Object.values(FIRM_ACTIVITY_KINDS).flat();

/**
 * GET /api/firm/activity: the firm's events, for its admins only (staff get the same 404 as
 * anyone else; docs/decisions/040). Names are read under row-level security: a member who has
 * left the firm is no longer named.
 */
export async function listFirmActivity(
  deps: Deps,
  actor: ActorProfile,
  query: FirmActivityQuery,
): Promise<ActivityPage> {
  requireAccess(actor, "firm-activity:read", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const { rows, present } = await readFirmPage(tx, actor, firmId, {
      actions: firmActions(query.type),
      cursor: query.cursor,
      limit: ACTIVITY_PAGE_SIZE + 1,
    });
    return pageOf(rows, present);
  });
}

/**
 * GET /api/firm/activity.csv: the firm's own audit trail as a spreadsheet (issue 38, item 4), for
 * the admins who may read the timeline, with the same words, newest first, at most
 * FIRM_ACTIVITY_EXPORT_MAX events (the file says so when there were more). Read in pages of
 * 1,000 in one transaction (one snapshot); the download itself is audited.
 */
export async function exportFirmActivity(
  deps: Deps,
  actor: ActorProfile,
  query: Pick<FirmActivityQuery, "type">,
): Promise<{ csv: string; events: number }> {
  requireAccess(actor, "firm-activity:read", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  const actions = firmActions(query.type);
  const lines = [csvLine(FIRM_ACTIVITY_CSV_COLUMNS)];
  let events = 0;
  let more = false;
  await withActor(deps.db, { userId: actor.id }, async (tx) => {
    let cursor: string | undefined;
    for (;;) {
      const page = await readFirmPage(tx, actor, firmId, { actions, cursor, limit: 1000 });
      for (const row of page.rows) {
        if (events === FIRM_ACTIVITY_EXPORT_MAX) {
          more = true;
          return;
        }
        const event = page.present(row);
        lines.push(
          csvLine([
            event.at,
            FIRM_ACTIVITY_KIND_LABELS[event.kind as FirmActivityKind],
            event.text,
          ]),
        );
        events++;
      }
      const last = page.rows.at(-1);
      if (page.rows.length < 1000 || !last) return;
      cursor = String(last.id);
    }
  });
  if (more) lines.push(csvLine(["", "", ACTIVITY_MSG.exportTruncated(FIRM_ACTIVITY_EXPORT_MAX)]));
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: "firm_activity.exported",
    subjectType: "firm",
    subjectId: firmId,
    firmId,
    details: { events, ...(query.type ? { type: query.type } : {}) },
  });
  return { csv: lines.join(""), events };
}

/**
 * The Firm Overview's "Your recent actions" (issue 16, point 8): the caller's own latest events in
 * their firm's log, for its admins and staff. Staff may not read the firm's log under row-level
 * security (migration 0027: its admins only), so the rows are read as the system, but only those
 * whose actor is the caller and whose firm is the caller's own, after the access check; the people
 * they name are then read under row-level security (the caller's firm only). The caller reads "You"
 * (docs/decisions/048-firm-overview.md).
 */
export async function listOwnFirmActions(
  deps: Deps,
  actor: ActorProfile,
  limit: number,
): Promise<ActivityEvent[]> {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  const rows = await asSystem(deps.db, (tx) =>
    selectEvents(tx, {
      scope: { firmId, actorId: actor.id },
      actions: Object.values(FIRM_ACTIVITY_KINDS).flat(),
      limit,
    }),
  );
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const people = await selectNames(tx, unique(rows.map((r) => r.ownerId)));
    const codeIds = uuids(
      rows.map((r) => (r.action.startsWith("firm_code.") ? r.subjectId : null)),
    );
    const codes = await selectCodes(tx, firmId, codeIds);
    const names: Names = {
      viewerId: actor.id,
      people: new Map([...byId(people), [actor.id, "You"]]),
      firms: new Map(),
      items: new Map(),
      codes: new Map(codes.map((c) => [c.id, c.code])),
    };
    return rows.map((row) => presentFirmEvent(row, names));
  });
}
