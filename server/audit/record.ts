import type { Db, Tx } from "../db/client.js";
import { insertAuditRow, insertAuditRowOnce, insertAuditRows, type AuditRow } from "./queries.js";

export type AuditEvent = {
  actorId: string | null;
  action: string;
  subjectType?: string;
  subjectId?: string;
  ip?: string | null;
  details?: Record<string, unknown>;
  /** When it happened, if not now (release steps use the release clock). */
  at?: Date;
  /** The account or vault whose activity timeline shows it (docs/decisions/040). */
  ownerId?: string | null;
  /** The firm whose activity timeline shows it (docs/decisions/040). */
  firmId?: string | null;
};

const rowOf = (event: AuditEvent): AuditRow => ({
  actorId: event.actorId,
  action: event.action,
  subjectType: event.subjectType ?? null,
  subjectId: event.subjectId ?? null,
  ip: event.ip ?? null,
  details: event.details ?? null,
  ownerId: event.ownerId ?? null,
  firmId: event.firmId ?? null,
  ...(event.at ? { at: event.at } : {}),
});

/** Appends several security events at once (as recordAudit, in one statement). */
export async function recordAudits(db: Db | Tx, events: AuditEvent[]): Promise<void> {
  await insertAuditRows(db, events.map(rowOf));
}

/** Appends a security event. Never put secrets, tokens, codes or vault content in details. */
export async function recordAudit(db: Db | Tx, event: AuditEvent): Promise<void> {
  await insertAuditRow(db, rowOf(event));
}

/** How often an event that a flood could repeat is written: once per key in each window of this many seconds. */
export const AUDIT_ONCE_WINDOW_SECONDS = 10 * 60;

/**
 * Appends `event` only if no event of its action and `key` (who and what, never a secret) was
 * written in the current window (docs/decisions/023): a flood of refused requests writes one row
 * per key and window, not one per request. Windows are fixed (aligned on `now`, the app's clock:
 * deps.clock, which tests move); the database's unique index on dedup_key settles races between
 * processes.
 */
export async function recordAuditOnce(
  db: Db | Tx,
  event: AuditEvent,
  { key, now }: { key: string; now: Date },
): Promise<void> {
  const window = Math.floor(now.getTime() / (AUDIT_ONCE_WINDOW_SECONDS * 1000));
  await insertAuditRowOnce(db, { ...rowOf(event), dedupKey: `${event.action}:${key}:${window}` });
}
