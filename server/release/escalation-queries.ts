import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { escalationAnswers, escalations, releasePlans } from "../db/schema/index.js";

export type EscalationRow = typeof escalations.$inferSelect;
export type EscalationAnswerRow = typeof escalationAnswers.$inferSelect;

export async function insertEscalation(
  tx: Tx,
  row: { ownerId: string; startedAt: Date; endsAt: Date },
): Promise<EscalationRow | null> {
  const [out] = await tx.insert(escalations).values(row).returning();
  return out ?? null;
}

export async function selectEscalationForUpdate(tx: Tx, id: string): Promise<EscalationRow | null> {
  const [row] = await selectEscalationsForUpdate(tx, [id]);
  return row ?? null;
}

export function selectEscalationsForUpdate(tx: Tx, ids: string[]): Promise<EscalationRow[]> {
  return tx.select().from(escalations).where(inArray(escalations.id, ids)).for("update");
}

/** The owner's open escalation (at most one: escalations_open_idx), locked when asked. */
export async function selectOpenEscalation(
  tx: Tx,
  ownerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<EscalationRow | null> {
  const q = tx
    .select()
    .from(escalations)
    .where(and(eq(escalations.ownerId, ownerId), eq(escalations.status, "open")));
  const [row] = options.forUpdate ? await q.for("update") : await q;
  return row ?? null;
}

/** The owner's newest escalation, of any status. */
export async function selectLatestEscalation(
  tx: Db | Tx,
  ownerId: string,
): Promise<EscalationRow | null> {
  const [row] = await tx
    .select()
    .from(escalations)
    .where(eq(escalations.ownerId, ownerId))
    .orderBy(desc(escalations.startedAt))
    .limit(1);
  return row ?? null;
}

/** Closes the owner's open escalation, if any; returns it (null when none was open). */
export async function closeOpenEscalation(
  tx: Tx,
  ownerId: string,
  close: {
    status: "reached" | "checked_in" | "wait_started" | "stopped";
    at: Date;
    releaseId?: string;
  },
): Promise<EscalationRow | null> {
  const [row] = await tx
    .update(escalations)
    .set({ status: close.status, closedAt: close.at, releaseId: close.releaseId ?? null })
    .where(and(eq(escalations.ownerId, ownerId), eq(escalations.status, "open")))
    .returning();
  return row ?? null;
}

/** Closes these owners' open escalations as their waits start, each naming its release. */
export async function closeOpenEscalationsOnStart(
  tx: Tx,
  starts: { ownerId: string; releaseId: string; at: Date }[],
) {
  if (!starts.length) return;
  const param = (xs: string[]) => sql.param(xs);
  await tx.execute(sql`
    update ${escalations} e set status = 'wait_started', closed_at = s.at, release_id = s.release_id
    from unnest(${param(starts.map((x) => x.ownerId))}::text[],
      ${param(starts.map((x) => x.releaseId))}::uuid[],
      ${param(starts.map((x) => x.at.toISOString()))}::timestamptz[]) as s(owner_id, release_id, at)
    where e.owner_id = s.owner_id and e.status = 'open'`);
}

export async function markEscalationHeld(tx: Tx, id: string, at: Date) {
  await tx.update(escalations).set({ heldAt: at }).where(eq(escalations.id, id));
}

export async function insertEscalationAnswer(tx: Tx, row: typeof escalationAnswers.$inferInsert) {
  await tx.insert(escalationAnswers).values(row);
}

/** Of these escalations, those that have at least one answer. */
export async function selectAnsweredEscalationIds(tx: Tx, ids: string[]): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: escalationAnswers.escalationId })
    .from(escalationAnswers)
    .where(inArray(escalationAnswers.escalationId, ids));
  return rows.map((r) => r.id);
}

export async function selectEscalationAnswers(
  tx: Db | Tx,
  escalationId: string,
): Promise<EscalationAnswerRow[]> {
  return tx
    .select()
    .from(escalationAnswers)
    .where(eq(escalationAnswers.escalationId, escalationId))
    .orderBy(escalationAnswers.answeredAt);
}

/** The owner's pause (null: ends it); returns whether the plan exists. */
export async function updatePlanPause(
  tx: Tx,
  userId: string,
  pausedUntil: Date | null,
): Promise<boolean> {
  const rows = await tx
    .update(releasePlans)
    .set({ pausedUntil })
    .where(eq(releasePlans.userId, userId))
    .returning({ userId: releasePlans.userId });
  return rows.length > 0;
}
