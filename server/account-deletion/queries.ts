import { and, count, eq, gt, lte, ne, notExists, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { accountDeletions, profiles } from "../db/schema/index.js";

export type AccountDeletionRow = typeof accountDeletions.$inferSelect;

/** The person's own pending deletion (under lv_app: row-level security shows only their row). */
export async function selectOwnDeletion(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ requestedAt: accountDeletions.requestedAt, eraseAt: accountDeletions.eraseAt })
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId));
  return row ?? null;
}

/** A new pending deletion; nothing (null) when one is pending already. */
export async function insertDeletion(
  tx: Tx,
  row: { userId: string; requestedAt: Date; eraseAt: Date; cancelTokenHash: string },
) {
  const [inserted] = await tx
    .insert(accountDeletions)
    .values(row)
    .onConflictDoNothing({ target: accountDeletions.userId })
    .returning({ requestedAt: accountDeletions.requestedAt, eraseAt: accountDeletions.eraseAt });
  return inserted ?? null;
}

/** Ends the person's pending deletion; the user id when there was one. */
export async function deleteDeletionOf(tx: Tx, userId: string) {
  const [row] = await tx
    .delete(accountDeletions)
    .where(eq(accountDeletions.userId, userId))
    .returning({ userId: accountDeletions.userId });
  return row?.userId ?? null;
}

/** Ends the pending deletion whose cancel link this is, if its erasure is still ahead; the user id. */
export async function deleteDeletionByLink(tx: Tx, tokenHash: string, now: Date) {
  const [row] = await tx
    .delete(accountDeletions)
    .where(and(eq(accountDeletions.cancelTokenHash, tokenHash), gt(accountDeletions.eraseAt, now)))
    .returning({ userId: accountDeletions.userId });
  return row?.userId ?? null;
}

/**
 * The firm's administrators other than `userId` who are staying (no deletion of their own
 * pending): a firm admin may start deleting their account only when this is at least one.
 */
export async function countOtherStayingAdmins(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(profiles)
    .where(
      and(
        eq(profiles.firmId, firmId),
        eq(profiles.role, "firm_admin"),
        ne(profiles.id, userId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(accountDeletions)
            .where(eq(accountDeletions.userId, profiles.id)),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** Accounts whose grace period is over, oldest first, locked for this run (SKIP LOCKED: several app processes). */
export async function selectDueDeletionsForUpdate(tx: Tx, now: Date, limit: number) {
  return tx
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(lte(accountDeletions.eraseAt, now))
    .orderBy(accountDeletions.eraseAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}
