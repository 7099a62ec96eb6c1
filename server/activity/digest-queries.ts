import { and, asc, eq, gt, lte, max } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { auditLog, profiles } from "../db/schema/index.js";

/** One look at a client's vault as client (server/clients/dashboard.ts writes one per look). */
export const VIEW_ACTION = "client_dashboard.viewed";
/** The digest's own row: when a client was last e-mailed their views (never shown in a timeline). */
export const DIGEST_ACTION = "activity.views_digest_sent";

/** System: the clients someone viewed as client after `since` and up to `until` (audit_log_view_digest_idx). */
export const selectViewedOwners = (db: Db, { since, until }: { since: Date; until: Date }) =>
  db
    .selectDistinct({ ownerId: auditLog.ownerId })
    .from(auditLog)
    .where(and(eq(auditLog.action, VIEW_ACTION), gt(auditLog.at, since), lte(auditLog.at, until)))
    .then((rows) => rows.flatMap((r) => (r.ownerId ? [r.ownerId] : [])));

/** System: when the owner's last digest went out, or null. */
export const selectLastDigestAt = (tx: Tx, ownerId: string) =>
  tx
    .select({ at: max(auditLog.at) })
    .from(auditLog)
    .where(and(eq(auditLog.action, DIGEST_ACTION), eq(auditLog.ownerId, ownerId)))
    .then((r) => r[0]?.at ?? null);

/** System: the owner's views after `since` and up to `until`, oldest first: who (actor and firm) and when. */
export const selectViews = (tx: Tx, q: { ownerId: string; since: Date; until: Date }) =>
  tx
    .select({ at: auditLog.at, actorId: auditLog.actorId, firmId: auditLog.firmId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, VIEW_ACTION),
        eq(auditLog.ownerId, q.ownerId),
        gt(auditLog.at, q.since),
        lte(auditLog.at, q.until),
      ),
    )
    .orderBy(asc(auditLog.at), asc(auditLog.id));

/**
 * System: the digest's row for the owner's UTC day; false when one is already there (the unique
 * dedup key settles two processes running the job at once: at most one digest a day).
 */
export const insertDigestRow = async (
  tx: Tx,
  row: { ownerId: string; at: Date; views: number },
): Promise<boolean> => {
  const day = row.at.toISOString().slice(0, 10);
  const inserted = await tx
    .insert(auditLog)
    .values({
      actorId: null,
      action: DIGEST_ACTION,
      subjectType: "user",
      subjectId: row.ownerId,
      ownerId: row.ownerId,
      at: row.at,
      details: { views: row.views },
      dedupKey: `${DIGEST_ACTION}:${row.ownerId}:${day}`,
    })
    .onConflictDoNothing()
    .returning({ id: auditLog.id });
  return inserted.length > 0;
};

/** System: the owner's name and address (their own profile). */
export const selectOwner = (tx: Tx, ownerId: string) =>
  tx
    .select({ name: profiles.name, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, ownerId))
    .then((r) => r[0]);
