import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { ACCESS_DAYS } from "../../common/release.js";
import type { Tx } from "../db/client.js";
import {
  assets,
  beneficiaries,
  beneficiaryKeys,
  executorTaskEvents,
  executorTaskProofs,
  executorTasks,
  executorWorkspaceKeys,
  profiles,
  releaseItems,
  releases,
} from "../db/schema/index.js";

/** When a released estate's executor workspace closes: the release's own access end. */
const openUntil = sql<Date>`${releases.releasedAt} + make_interval(days => ${ACCESS_DAYS})`.mapWith(
  releases.releasedAt,
);

/**
 * Every query here runs as the system after the portal proved `email` (as the portal's own do):
 * the first conditions are the proven address and a released release. Nothing else grants.
 */

/**
 * The released estates whose owner named `email` their executor, while the release's access lasts
 * (docs/decisions/111): the workspace is open until `released_at` + ACCESS_DAYS, the moment the
 * release's own access ends (its `access_end` timer and evidence). A cancelled release, or a
 * release that never happened, gives nothing; an incapacity scope is no release and gives nothing.
 */
export const selectExecutorEstates = (tx: Tx, email: string, now: Date) =>
  tx
    .selectDistinct({ ownerId: releases.userId, ownerName: profiles.name, openUntil: openUntil })
    .from(releases)
    .innerJoin(
      beneficiaries,
      and(
        eq(beneficiaries.userId, releases.userId),
        sql`lower(${beneficiaries.email}) = ${email}`,
        eq(beneficiaries.isExecutor, true),
      ),
    )
    .innerJoin(profiles, eq(profiles.id, releases.userId))
    .where(and(eq(releases.status, "released"), sql`${openUntil} > ${now}`));

/** The released estates that gave `email` anything whose access has not ended (the family). */
export const selectFamilyEstates = (tx: Tx, email: string, now: Date) =>
  tx
    .selectDistinct({ ownerId: releases.userId, ownerName: profiles.name })
    .from(releaseItems)
    .innerJoin(releases, eq(releases.id, releaseItems.releaseId))
    .innerJoin(profiles, eq(profiles.id, releases.userId))
    .where(
      and(
        eq(releaseItems.beneficiaryEmail, email),
        eq(releases.status, "released"),
        sql`${releaseItems.accessEndsAt} > ${now}`,
      ),
    );

/** The tasks of the estates, oldest first, with their proofs' sizes (two statements for any number). */
export async function selectTasks(tx: Tx, ownerIds: string[]) {
  if (!ownerIds.length) return { tasks: [], proofs: [] };
  const tasks = await tx
    .select({
      id: executorTasks.id,
      ownerId: executorTasks.ownerId,
      sourceKind: executorTasks.sourceKind,
      sourceId: executorTasks.sourceId,
      action: executorTasks.action,
      status: executorTasks.status,
      dueDate: executorTasks.dueDate,
      assigneeEmail: executorTasks.assigneeEmail,
      // base64 in the database: 500 notes are not turned into Buffers and back
      note: sql<string | null>`translate(encode(${executorTasks.note}, 'base64'), E'\n', '')`,
      updatedAt: executorTasks.updatedAt,
    })
    .from(executorTasks)
    .where(inArray(executorTasks.ownerId, ownerIds))
    .orderBy(asc(executorTasks.createdAt), asc(executorTasks.id));
  const proofs = await tx
    .select({
      id: executorTaskProofs.id,
      taskId: executorTaskProofs.taskId,
      size: executorTaskProofs.size,
      createdAt: executorTaskProofs.createdAt,
    })
    .from(executorTaskProofs)
    .where(inArray(executorTaskProofs.ownerId, ownerIds))
    .orderBy(asc(executorTaskProofs.createdAt));
  return { tasks, proofs };
}
export type ListedTaskRow = Awaited<ReturnType<typeof selectTasks>>["tasks"][number];
export type TaskRow = typeof executorTasks.$inferSelect;
export type ProofRow = Awaited<ReturnType<typeof selectTasks>>["proofs"][number];

export async function selectTask(tx: Tx, taskId: string) {
  const [row] = await tx
    .select()
    .from(executorTasks)
    .where(eq(executorTasks.id, taskId))
    .for("update");
  return row ?? null;
}

export async function countTasks(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(executorTasks)
    .where(eq(executorTasks.ownerId, ownerId));
  return row?.n ?? 0;
}

/** How many of `ids` are inventory entries of the owner's (the sources a task may come from). */
export async function countEstateEntries(tx: Tx, ownerId: string, ids: string[]) {
  if (!ids.length) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(assets)
    .where(and(eq(assets.userId, ownerId), eq(assets.type, "estate"), inArray(assets.id, ids)));
  return row?.n ?? 0;
}

/** Counts per status of one estate (the firm's view). */
export const selectStatusCounts = (tx: Tx, ownerId: string) =>
  tx
    .select({ status: executorTasks.status, n: sql<number>`count(*)::int` })
    .from(executorTasks)
    .where(eq(executorTasks.ownerId, ownerId))
    .groupBy(executorTasks.status);

/** Inserts the tasks whose source is not listed yet; returns the new rows' ids. */
export const insertTasks = (tx: Tx, rows: (typeof executorTasks.$inferInsert)[]) =>
  tx
    .insert(executorTasks)
    .values(rows)
    .onConflictDoNothing({
      target: [executorTasks.ownerId, executorTasks.sourceKind, executorTasks.sourceId],
    })
    .returning({ id: executorTasks.id });

export const updateTask = (
  tx: Tx,
  taskId: string,
  set: Partial<Pick<TaskRow, "status" | "dueDate" | "assigneeEmail" | "note" | "updatedAt">>,
) => tx.update(executorTasks).set(set).where(eq(executorTasks.id, taskId)).returning();

export const insertEvents = (tx: Tx, rows: (typeof executorTaskEvents.$inferInsert)[]) =>
  rows.length ? tx.insert(executorTaskEvents).values(rows) : Promise.resolve();

export const selectEvents = (tx: Tx, ownerId: string, limit: number) =>
  tx
    .select()
    .from(executorTaskEvents)
    .where(eq(executorTaskEvents.ownerId, ownerId))
    .orderBy(desc(executorTaskEvents.at), desc(executorTaskEvents.id))
    .limit(limit);

/** Whether `email` is one of the owner's people (an assignee must be). */
export async function isOwnersPerson(tx: Tx, ownerId: string, email: string) {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.userId, ownerId), sql`lower(${beneficiaries.email}) = ${email}`))
    .limit(1);
  return !!row;
}

/** The owner's beneficiary key of `email` (sealed shares) and this address's workspace wrap, if any. */
export async function selectWorkspaceKeys(tx: Tx, ownerIds: string[], email: string) {
  if (!ownerIds.length) return { keys: [], wraps: [], made: [] };
  const keys = await tx
    .select({
      ownerId: beneficiaryKeys.userId,
      id: beneficiaryKeys.id,
      serverShare: beneficiaryKeys.serverShare,
      escrowShare: beneficiaryKeys.escrowShare,
    })
    .from(beneficiaryKeys)
    .where(and(inArray(beneficiaryKeys.userId, ownerIds), eq(beneficiaryKeys.email, email)));
  const all = await tx
    .select()
    .from(executorWorkspaceKeys)
    .where(inArray(executorWorkspaceKeys.ownerId, ownerIds));
  return {
    keys,
    wraps: all.filter((w) => w.email === email),
    made: [...new Set(all.map((w) => w.ownerId))],
  };
}

/** The first wrap of an estate's workspace key; false when one exists already (made elsewhere). */
export async function insertFirstWorkspaceKey(
  tx: Tx,
  row: typeof executorWorkspaceKeys.$inferInsert,
) {
  // one key per estate: lock the estate's rows so two executors' first saves do not both win
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`task-workspace:${row.ownerId}`}))`);
  const [existing] = await tx
    .select({ email: executorWorkspaceKeys.email })
    .from(executorWorkspaceKeys)
    .where(eq(executorWorkspaceKeys.ownerId, row.ownerId))
    .limit(1);
  if (existing) return false;
  await tx.insert(executorWorkspaceKeys).values(row);
  return true;
}

/** The owner's beneficiary key for `email`, or null. */
export async function selectBeneficiaryKeyId(tx: Tx, ownerId: string, email: string) {
  const [row] = await tx
    .select({ id: beneficiaryKeys.id })
    .from(beneficiaryKeys)
    .where(and(eq(beneficiaryKeys.userId, ownerId), eq(beneficiaryKeys.email, email)));
  return row?.id ?? null;
}

/* ---------- proofs ---------- */

export async function countProofs(tx: Tx, taskId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(executorTaskProofs)
    .where(eq(executorTaskProofs.taskId, taskId));
  return row?.n ?? 0;
}

export const insertProof = (tx: Tx, row: typeof executorTaskProofs.$inferInsert) =>
  tx.insert(executorTaskProofs).values(row).returning({
    id: executorTaskProofs.id,
    size: executorTaskProofs.size,
    createdAt: executorTaskProofs.createdAt,
  });

/** Whether the task has a proof of this id already. */
export async function hasProof(tx: Tx, taskId: string, proofId: string) {
  const [row] = await tx
    .select({ id: executorTaskProofs.id })
    .from(executorTaskProofs)
    .where(and(eq(executorTaskProofs.taskId, taskId), eq(executorTaskProofs.id, proofId)));
  return !!row;
}

/** A proof's bytes where the database holds them (`data`), or the blob that holds them elsewhere. */
export async function selectProof(tx: Tx, taskId: string, proofId: string) {
  const [row] = await tx
    .select({ data: executorTaskProofs.data, blobId: executorTaskProofs.blobId })
    .from(executorTaskProofs)
    .where(and(eq(executorTaskProofs.taskId, taskId), eq(executorTaskProofs.id, proofId)));
  return row ?? null;
}

export const deleteProof = (tx: Tx, taskId: string, proofId: string) =>
  tx
    .delete(executorTaskProofs)
    .where(and(eq(executorTaskProofs.taskId, taskId), eq(executorTaskProofs.id, proofId)))
    .returning({ id: executorTaskProofs.id });
