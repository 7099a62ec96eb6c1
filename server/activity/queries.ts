import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { assets, auditLog, firmCodes, firms, profiles } from "../db/schema/index.js";

/**
 * Whose timeline: an account's (owner_id) or a firm's (firm_id), migration 0027; with `actorId`,
 * only that member's own actions in the firm.
 */
export type TimelineScope = { ownerId: string } | { firmId: string; actorId?: string };

const EVENT = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  action: auditLog.action,
  subjectId: auditLog.subjectId,
  details: auditLog.details,
  ownerId: auditLog.ownerId,
  firmId: auditLog.firmId,
};
export type EventRow = {
  id: number;
  at: Date;
  actorId: string | null;
  action: string;
  subjectId: string | null;
  details: Record<string, unknown> | null;
  ownerId: string | null;
  firmId: string | null;
};

/**
 * One page of a timeline, newest first, of the given actions only, older than the event `cursor`
 * names (an id: its own place in the order is looked up, under the same row-level security, so an
 * id the caller cannot read reads nothing). Never the address or the dedup key (lv_app cannot read
 * them).
 */
export function selectEvents(
  tx: Tx,
  q: { scope: TimelineScope; actions: readonly string[]; cursor?: string; limit: number },
): Promise<EventRow[]> {
  const scope =
    "ownerId" in q.scope
      ? eq(auditLog.ownerId, q.scope.ownerId)
      : and(
          eq(auditLog.firmId, q.scope.firmId),
          q.scope.actorId ? eq(auditLog.actorId, q.scope.actorId) : undefined,
        );
  const after = q.cursor
    ? sql`(${auditLog.at}, ${auditLog.id}) < (select c.at, c.id from audit_log c where c.id = ${q.cursor}::bigint)`
    : undefined;
  return tx
    .select(EVENT)
    .from(auditLog)
    .where(and(scope, inArray(auditLog.action, [...q.actions]), after))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(q.limit);
}

/** The type of the owner's own items that still exist (row-level security: the owner's only); never a title (docs/decisions/080). */
export async function selectItems(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: assets.id, type: assets.type })
    .from(assets)
    .where(inArray(assets.id, ids));
}

/** People's current names: under lv_app a firm admin reads their firm's members only. */
export async function selectNames(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(inArray(profiles.id, ids));
}

export async function selectFirmNames(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx.select({ id: firms.id, name: firms.name }).from(firms).where(inArray(firms.id, ids));
}

/** The firm's codes, as its admin reads them (row-level security: their firm's only). */
export async function selectCodes(tx: Tx, firmId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: firmCodes.id, code: firmCodes.code })
    .from(firmCodes)
    .where(and(eq(firmCodes.firmId, firmId), inArray(firmCodes.id, ids)));
}
