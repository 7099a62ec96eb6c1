import { and, desc, eq } from "drizzle-orm";
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
  const [row] = await tx.select().from(escalations).where(eq(escalations.id, id)).for("update");
  return row ?? null;
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

export async function markEscalationHeld(tx: Tx, id: string, at: Date) {
  await tx.update(escalations).set({ heldAt: at }).where(eq(escalations.id, id));
}

export async function insertEscalationAnswer(tx: Tx, row: typeof escalationAnswers.$inferInsert) {
  await tx.insert(escalationAnswers).values(row);
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
