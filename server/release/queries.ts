import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { assets, auditLog, profiles, releaseDocuments, releaseLinks, releasePlans, releases, timers } from "../db/schema/index.js";

export type ReleaseRow = typeof releases.$inferSelect;
export type PlanRow = typeof releasePlans.$inferSelect;
export type TimerRow = typeof timers.$inferSelect;

/** The timers that belong to the inactivity trigger (rescheduled at every check-in). */
export const INACTIVITY_TIMER_KINDS = ["inactivity_reminder", "inactivity_end"] as const;

export async function selectPlan(tx: Tx, userId: string, options: { forUpdate?: boolean } = {}): Promise<PlanRow | null> {
  const q = tx.select().from(releasePlans).where(eq(releasePlans.userId, userId));
  const [row] = options.forUpdate ? await q.for("update") : await q;
  return row ?? null;
}

/** The newest release of an owner, of any status. */
export async function selectLatestRelease(tx: Tx, userId: string): Promise<ReleaseRow | null> {
  const [row] = await tx.select().from(releases).where(eq(releases.userId, userId)).orderBy(desc(releases.startedAt)).limit(1);
  return row ?? null;
}

/** The waiting or released release of an owner (at most one: releases_one_open_idx). */
export async function selectOpenRelease(tx: Tx, userId: string, options: { forUpdate?: boolean } = {}): Promise<ReleaseRow | null> {
  const q = tx
    .select()
    .from(releases)
    .where(and(eq(releases.userId, userId), inArray(releases.status, ["waiting", "released"])));
  const [row] = options.forUpdate ? await q.for("update") : await q;
  return row ?? null;
}

export async function hasReleaseDocument(tx: Tx, releaseId: string): Promise<boolean> {
  const [row] = await tx.select({ id: releaseDocuments.releaseId }).from(releaseDocuments).where(eq(releaseDocuments.releaseId, releaseId));
  return !!row;
}

export async function countAssetsWithBeneficiary(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(assets)
    .where(and(eq(assets.userId, userId), isNotNull(assets.beneficiaryEmail)));
  return row?.n ?? 0;
}

export async function selectPerson(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, firmId: profiles.firmId, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}
export type Person = NonNullable<Awaited<ReturnType<typeof selectPerson>>>;

/** Every step of an owner's release plan, oldest first, with the name of whoever acted. */
export function selectTimeline(tx: Tx, userId: string) {
  return tx
    .select({ at: auditLog.at, action: auditLog.action, actorName: profiles.name })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(and(eq(auditLog.subjectType, "release"), eq(auditLog.subjectId, userId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(500);
}

export async function deletePendingTimers(tx: Tx, where: { userId: string; kinds?: readonly string[]; releaseId?: string }) {
  await tx
    .delete(timers)
    .where(
      and(
        eq(timers.userId, where.userId),
        isNull(timers.doneAt),
        where.kinds ? inArray(timers.kind, [...where.kinds]) : undefined,
        where.releaseId ? eq(timers.releaseId, where.releaseId) : undefined,
      ),
    );
}

export async function insertTimers(tx: Tx, rows: (typeof timers.$inferInsert)[]) {
  if (rows.length) await tx.insert(timers).values(rows);
}

export async function insertLink(tx: Tx, row: typeof releaseLinks.$inferInsert) {
  await tx.insert(releaseLinks).values(row);
}

/** A link that is unexpired (and, for cancel links, unused), locked for this transaction. */
export async function selectUsableLink(tx: Tx, tokenHash: string, purpose: "check_in" | "cancel", now: Date) {
  const [row] = await tx
    .select()
    .from(releaseLinks)
    .where(and(eq(releaseLinks.tokenHash, tokenHash), eq(releaseLinks.purpose, purpose), isNull(releaseLinks.usedAt), sql`${releaseLinks.expiresAt} > ${now}`))
    .for("update");
  return row ?? null;
}

export async function markLinksUsed(tx: Tx, releaseId: string, now: Date) {
  await tx
    .update(releaseLinks)
    .set({ usedAt: now })
    .where(and(eq(releaseLinks.releaseId, releaseId), isNull(releaseLinks.usedAt)));
}
