import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { MessageDeliveryWhen, MilestoneConfirmer } from "../../common/messages.js";
import { rowsOf, type Tx } from "../db/client.js";
import {
  assetBeneficiaries,
  assets,
  beneficiaries,
  messageSchedules,
  profiles,
  releaseItems,
  releases,
} from "../db/schema/index.js";

/** The columns the owner's pages read (never the delivery's bookkeeping beyond its dates). */
const scheduleColumns = {
  assetId: messageSchedules.assetId,
  userId: messageSchedules.userId,
  deliverWhen: messageSchedules.deliverWhen,
  deliverOn: messageSchedules.deliverOn,
  yearsAfter: messageSchedules.yearsAfter,
  milestoneLabel: messageSchedules.milestoneLabel,
  milestoneConfirmer: messageSchedules.milestoneConfirmer,
  waitingShare: messageSchedules.waitingShare,
  releasedAt: messageSchedules.releasedAt,
  dueAt: messageSchedules.dueAt,
  deliveredAt: messageSchedules.deliveredAt,
  confirmedAt: messageSchedules.confirmedAt,
};

export async function selectSchedule(tx: Tx, assetId: string) {
  const [row] = await tx
    .select(scheduleColumns)
    .from(messageSchedules)
    .where(eq(messageSchedules.assetId, assetId));
  return row ?? null;
}
export type ScheduleRow = NonNullable<Awaited<ReturnType<typeof selectSchedule>>>;

/** The owner's schedules (RLS keeps them to the owner's own too). */
export const listSchedules = (tx: Tx, userId: string) =>
  tx
    .select(scheduleColumns)
    .from(messageSchedules)
    .where(eq(messageSchedules.userId, userId))
    .orderBy(asc(messageSchedules.assetId));

export type ScheduleWrite = {
  assetId: string;
  userId: string;
  deliverWhen: MessageDeliveryWhen;
  deliverOn: string | null;
  yearsAfter: number | null;
  milestoneLabel: string | null;
  milestoneConfirmer: MilestoneConfirmer | null;
  waitingShare: Buffer;
};

/** A message's schedule, new or changed (before its release: the owner is the one writing). */
export async function upsertSchedule(tx: Tx, row: ScheduleWrite) {
  const { assetId: _id, userId: _user, ...changes } = row;
  const [saved] = await tx
    .insert(messageSchedules)
    .values(row)
    .onConflictDoUpdate({
      target: messageSchedules.assetId,
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning(scheduleColumns);
  return saved ?? null;
}

/**
 * The release starts each of the owner's messages' clocks (as the system): at the release now, on
 * a date at that date's start (or now if it has passed), an anniversary that many years on, a
 * milestone not yet (its confirmation sets the day).
 */
export function startClocks(tx: Tx, ownerId: string, now: Date) {
  const at = now.toISOString();
  return tx
    .update(messageSchedules)
    .set({
      releasedAt: now,
      dueAt: sql`case ${messageSchedules.deliverWhen}
        when 'release' then ${at}::timestamptz
        when 'milestone' then null
        when 'date' then greatest((${messageSchedules.deliverOn}::timestamp at time zone 'UTC'), ${at}::timestamptz)
        else ${at}::timestamptz + make_interval(years => ${messageSchedules.yearsAfter})
      end`,
    })
    .where(and(eq(messageSchedules.userId, ownerId), sql`${messageSchedules.releasedAt} is null`))
    .returning({ assetId: messageSchedules.assetId, dueAt: messageSchedules.dueAt });
}

/**
 * Claims up to `limit` messages due by `now` and marks them delivered, in one statement: due rows
 * only (the partial index), locked with SKIP LOCKED so that another process's sweep takes others.
 */
export async function claimDueMessages(tx: Tx, now: Date, limit: number) {
  const result = await tx.execute(sql`
    update message_schedules m set delivered_at = ${now.toISOString()}::timestamptz
    from (
      select asset_id from message_schedules
      where delivered_at is null and due_at is not null and due_at <= ${now.toISOString()}::timestamptz
      order by due_at
      limit ${limit}
      for update skip locked
    ) due
    where m.asset_id = due.asset_id
    returning m.asset_id as "assetId", m.user_id as "ownerId"`);
  return rowsOf<{ assetId: string; ownerId: string }>(result);
}

/**
 * Who receives each of these delivered messages: the addresses it is still left to that its
 * owner's release handed it to, with the owner's name and the name the owner gave them.
 */
export function selectRecipients(tx: Tx, assetIds: string[]) {
  if (!assetIds.length) return Promise.resolve([]);
  return (
    tx
      .select({
        assetId: assetBeneficiaries.assetId,
        email: assetBeneficiaries.email,
        ownerId: assetBeneficiaries.userId,
        ownerName: profiles.name,
        name: beneficiaries.name,
      })
      .from(assetBeneficiaries)
      // the owner's release first, then its item by release_items' primary key
      .innerJoin(
        releases,
        and(eq(releases.userId, assetBeneficiaries.userId), eq(releases.status, "released")),
      )
      .innerJoin(
        releaseItems,
        and(
          eq(releaseItems.releaseId, releases.id),
          eq(releaseItems.assetId, assetBeneficiaries.assetId),
          eq(releaseItems.beneficiaryEmail, assetBeneficiaries.email),
        ),
      )
      .innerJoin(profiles, eq(profiles.id, assetBeneficiaries.userId))
      .leftJoin(
        beneficiaries,
        and(
          eq(beneficiaries.userId, assetBeneficiaries.userId),
          sql`lower(${beneficiaries.email}) = ${assetBeneficiaries.email}`,
        ),
      )
      .where(inArray(assetBeneficiaries.assetId, assetIds))
      .orderBy(asc(assetBeneficiaries.email))
  );
}

/** Whether the owner has named an executor among their people (under the owner's own RLS). */
export async function hasExecutor(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.userId, userId), eq(beneficiaries.isExecutor, true)))
    .limit(1);
  return !!row;
}

const milestoneColumns = {
  id: messageSchedules.assetId,
  ownerId: messageSchedules.userId,
  label: messageSchedules.milestoneLabel,
  confirmer: messageSchedules.milestoneConfirmer,
  releasedAt: messageSchedules.releasedAt,
  confirmedAt: messageSchedules.confirmedAt,
};

/** One milestone message's schedule (as the system, after nothing: the caller checks access). */
export async function selectMilestone(tx: Tx, assetId: string) {
  const [row] = await tx
    .select(milestoneColumns)
    .from(messageSchedules)
    .where(
      and(eq(messageSchedules.assetId, assetId), eq(messageSchedules.deliverWhen, "milestone")),
    )
    .limit(1);
  return row ?? null;
}
export type MilestoneRow = NonNullable<Awaited<ReturnType<typeof selectMilestone>>>;

/** The milestones of these owners that this kind of confirmer confirms, in their order of creation. */
export function selectMilestones(tx: Tx, ownerIds: string[], confirmer: MilestoneConfirmer) {
  if (!ownerIds.length) return Promise.resolve([]);
  return tx
    .select(milestoneColumns)
    .from(messageSchedules)
    .innerJoin(assets, eq(assets.id, messageSchedules.assetId))
    .where(
      and(
        inArray(messageSchedules.userId, ownerIds),
        eq(messageSchedules.deliverWhen, "milestone"),
        eq(messageSchedules.milestoneConfirmer, confirmer),
      ),
    )
    .orderBy(asc(assets.createdAt), asc(messageSchedules.assetId));
}

/**
 * Confirms a released milestone: it is due now, so the next sweep delivers it. Only a row still
 * unconfirmed changes; null when it was confirmed already (or is not released).
 */
export async function confirmMilestoneRow(
  tx: Tx,
  { assetId, now }: { assetId: string; now: Date },
) {
  const [row] = await tx
    .update(messageSchedules)
    .set({ confirmedAt: now, dueAt: now })
    .where(
      and(
        eq(messageSchedules.assetId, assetId),
        eq(messageSchedules.deliverWhen, "milestone"),
        sql`${messageSchedules.releasedAt} is not null`,
        sql`${messageSchedules.confirmedAt} is null`,
      ),
    )
    .returning(milestoneColumns);
  return row ?? null;
}
