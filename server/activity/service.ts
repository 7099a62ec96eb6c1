import {
  ACTIVITY_KINDS,
  ACTIVITY_PAGE_SIZE,
  FIRM_ACTIVITY_KINDS,
  type ActivityEvent,
  type ActivityPage,
  type ActivityQuery,
  type FirmActivityQuery,
} from "../../common/activity.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { asSystem, withActor } from "../db/actor.js";
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
  const actions = query.type
    ? FIRM_ACTIVITY_KINDS[query.type]
    : Object.values(FIRM_ACTIVITY_KINDS).flat();
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const rows = await selectEvents(tx, {
      scope: { firmId },
      actions,
      cursor: query.cursor,
      limit: ACTIVITY_PAGE_SIZE + 1,
    });
    const people = await selectNames(tx, unique(rows.flatMap((r) => [r.actorId, r.ownerId])));
    const codeIds = uuids(
      rows.map((r) => (r.action.startsWith("firm_code.") ? r.subjectId : null)),
    );
    const codes = await selectCodes(tx, firmId, codeIds);
    const names: Names = {
      viewerId: actor.id,
      people: byId(people),
      firms: new Map(),
      items: new Map(),
      codes: new Map(codes.map((c) => [c.id, c.code])),
    };
    return pageOf(rows, (row) => presentFirmEvent(row, names));
  });
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
