import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  assetBeneficiaries,
  assets,
  auditLog,
  firms,
  profiles,
  releaseDocuments,
  releaseItems,
  releaseLinks,
  releasePlans,
  releases,
  timers,
} from "../db/schema/index.js";

export type ReleaseRow = typeof releases.$inferSelect;
export type PlanRow = typeof releasePlans.$inferSelect;
export type TimerRow = typeof timers.$inferSelect;

/** The timers that belong to the inactivity trigger (rescheduled at every check-in). */
export const INACTIVITY_TIMER_KINDS = [
  "inactivity_reminder",
  "inactivity_end",
  "escalation_end",
] as const;

export async function selectPlan(
  tx: Db | Tx,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PlanRow | null> {
  const [row] = await selectPlans(tx, [userId], options);
  return row ?? null;
}

/** The plans of these owners, locked when asked. */
export async function selectPlans(
  tx: Db | Tx,
  userIds: string[],
  options: { forUpdate?: boolean } = {},
): Promise<PlanRow[]> {
  const q = tx.select().from(releasePlans).where(inArray(releasePlans.userId, userIds));
  return options.forUpdate ? q.for("update") : q;
}

/** Creates or replaces the owner's plan. */
export async function upsertPlan(
  tx: Tx,
  userId: string,
  values: {
    inactivityMonths: number | null;
    waitDays: number;
    lastCheckInAt: Date;
    updatedAt: Date;
    requireVerifier?: boolean;
    maxPauseDays?: number;
  },
): Promise<PlanRow | null> {
  const [plan] = await tx
    .insert(releasePlans)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: releasePlans.userId, set: values })
    .returning();
  return plan ?? null;
}

export async function updatePlanCheckIn(
  tx: Tx,
  userId: string,
  now: Date,
): Promise<PlanRow | null> {
  const [plan] = await tx
    .update(releasePlans)
    .set({ lastCheckInAt: now })
    .where(eq(releasePlans.userId, userId))
    .returning();
  return plan ?? null;
}

/** The newest release of an owner, of any status. */
export async function selectLatestRelease(tx: Tx, userId: string): Promise<ReleaseRow | null> {
  const [row] = await tx
    .select()
    .from(releases)
    .where(eq(releases.userId, userId))
    .orderBy(desc(releases.startedAt))
    .limit(1);
  return row ?? null;
}

/** The waiting or released release of an owner (at most one: releases_one_open_idx). */
export async function selectOpenRelease(
  tx: Tx,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReleaseRow | null> {
  const [row] = await selectOpenReleases(tx, [userId], options);
  return row ?? null;
}

/** The waiting or released releases of these owners. */
export async function selectOpenReleases(
  tx: Tx,
  userIds: string[],
  options: { forUpdate?: boolean } = {},
): Promise<ReleaseRow[]> {
  const q = tx
    .select()
    .from(releases)
    .where(
      and(inArray(releases.userId, userIds), inArray(releases.status, ["waiting", "released"])),
    );
  return options.forUpdate ? q.for("update") : q;
}

export async function selectReleaseForUpdate(tx: Tx, id: string): Promise<ReleaseRow | null> {
  const [row] = await tx.select().from(releases).where(eq(releases.id, id)).for("update");
  return row ?? null;
}

/** Inserts the releases; returns them (in no particular order). */
export async function insertReleases(
  tx: Tx,
  rows: (typeof releases.$inferInsert)[],
): Promise<ReleaseRow[]> {
  return rows.length ? tx.insert(releases).values(rows).returning() : [];
}

export async function markReleaseCancelled(
  tx: Tx,
  releaseId: string,
  cancel: { cancelledAt: Date; cancelledBy: string },
) {
  await tx
    .update(releases)
    .set({ status: "cancelled", ...cancel })
    .where(eq(releases.id, releaseId));
}

export async function markReleaseReleased(tx: Tx, releaseId: string, now: Date) {
  await tx
    .update(releases)
    .set({ status: "released", releasedAt: now })
    .where(eq(releases.id, releaseId));
}

/** An asset left to at least one beneficiary (asset_beneficiaries, docs/decisions/053). */
const isLeftToSomeone = sql`exists (select 1 from asset_beneficiaries b where b.asset_id = assets.id)`;

/**
 * Marks every asset of the owner that is left to someone as released; returns one (asset, address)
 * pair per beneficiary of each: an item left to two people reaches both.
 */
export async function markAssetsReleased(tx: Tx, ownerId: string, now: Date) {
  await tx
    .update(assets)
    .set({ releaseTriggered: true, releasedAt: now })
    .where(and(eq(assets.userId, ownerId), isLeftToSomeone));
  return tx
    .select({
      id: assetBeneficiaries.assetId,
      email: assetBeneficiaries.email,
      type: assets.type,
      /** The content, or only that it exists (decision 098): the evidence says which. */
      access: assetBeneficiaries.access,
    })
    .from(assetBeneficiaries)
    .innerJoin(assets, eq(assets.id, assetBeneficiaries.assetId))
    .where(eq(assetBeneficiaries.userId, ownerId))
    .orderBy(assetBeneficiaries.assetId, assetBeneficiaries.position);
}

export async function insertReleaseItems(tx: Tx, rows: (typeof releaseItems.$inferInsert)[]) {
  if (rows.length) await tx.insert(releaseItems).values(rows);
}

/** The addresses a release was handed to, each once. */
export function selectReleasedEmails(tx: Tx, releaseId: string) {
  return tx
    .selectDistinct({ email: releaseItems.beneficiaryEmail })
    .from(releaseItems)
    .where(eq(releaseItems.releaseId, releaseId));
}

export async function selectFirmName(tx: Tx, firmId: string): Promise<string | null> {
  const [firm] = await tx.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId));
  return firm?.name ?? null;
}

export async function hasReleaseDocument(tx: Tx, releaseId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: releaseDocuments.releaseId })
    .from(releaseDocuments)
    .where(eq(releaseDocuments.releaseId, releaseId));
  return !!row;
}

export async function countAssetsWithBeneficiary(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(assets)
    .where(and(eq(assets.userId, userId), isLeftToSomeone));
  return row?.n ?? 0;
}

export async function selectPerson(tx: Tx, userId: string) {
  const [row] = await selectPeople(tx, [userId]);
  return row ?? null;
}

/** selectPerson for several accounts at once. */
export function selectPeople(tx: Tx, userIds: string[]) {
  return tx
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      firmId: profiles.firmId,
      role: profiles.role,
    })
    .from(profiles)
    .where(inArray(profiles.id, userIds));
}
export type Person = Awaited<ReturnType<typeof selectPeople>>[number];

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

export async function deletePendingTimers(
  tx: Tx,
  where: { userId: string | string[]; kinds?: readonly string[]; releaseId?: string },
) {
  await tx
    .delete(timers)
    .where(
      and(
        typeof where.userId === "string"
          ? eq(timers.userId, where.userId)
          : inArray(timers.userId, where.userId),
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
  await insertLinks(tx, [row]);
}

export async function insertLinks(tx: Tx, rows: (typeof releaseLinks.$inferInsert)[]) {
  if (rows.length) await tx.insert(releaseLinks).values(rows);
}

/** A link that is unexpired (and, for cancel links, unused), locked for this transaction. */
export async function selectUsableLink(
  tx: Tx,
  { tokenHash, purpose, now }: { tokenHash: string; purpose: "check_in" | "cancel"; now: Date },
) {
  const [row] = await tx
    .select()
    .from(releaseLinks)
    .where(
      and(
        eq(releaseLinks.tokenHash, tokenHash),
        eq(releaseLinks.purpose, purpose),
        isNull(releaseLinks.usedAt),
        sql`${releaseLinks.expiresAt} > ${now}`,
      ),
    )
    .for("update");
  return row ?? null;
}

export async function markLinksUsed(tx: Tx, releaseId: string, now: Date) {
  await tx
    .update(releaseLinks)
    .set({ usedAt: now })
    .where(and(eq(releaseLinks.releaseId, releaseId), isNull(releaseLinks.usedAt)));
}
