import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { firmCodes, firms, firmUsers, profiles } from "../db/schema/index.js";

export async function isFirmNameTaken(db: Db | Tx, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: firms.id })
    .from(firms)
    .where(sql`lower(${firms.name}) = lower(${name})`)
    .limit(1);
  return rows.length > 0;
}

export async function isCodeTaken(db: Db | Tx, code: string): Promise<boolean> {
  const trimmed = code.trimEnd();
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(firms)
    .where(eq(firms.firmCode, trimmed))
    .unionAll(
      db
        .select({ one: sql<number>`1` })
        .from(firmCodes)
        .where(sql`rtrim(${firmCodes.code}) = ${trimmed}`),
    )
    .limit(1);
  return rows.length > 0;
}

/** Locks an unclaimed firm for its first admin; null when missing, claimed or expired. */
export async function lockClaimableFirm(tx: Tx, firmId: string, maxAgeHours: number) {
  const rows = await tx
    .select()
    .from(firms)
    .where(and(eq(firms.id, firmId), isNull(firms.claimedAt), sql`${firms.createdAt} > now() - make_interval(hours => ${maxAgeHours})`))
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

/** Makes a fresh regular_user without a firm the firm's admin. Returns false if the profile is not such a user. */
export async function promoteToFirstAdmin(tx: Tx, userId: string, firmId: string, phone: string | null): Promise<boolean> {
  const rows = await tx
    .update(profiles)
    .set({ role: "firm_admin", firmId, phone })
    .where(and(eq(profiles.id, userId), eq(profiles.role, "regular_user"), isNull(profiles.firmId)))
    .returning({ id: profiles.id });
  if (rows.length === 0) return false;
  await tx.insert(firmUsers).values({ userId, firmId }).onConflictDoNothing();
  await tx.update(firms).set({ claimedAt: new Date(), claimSecretHash: null, updatedAt: new Date() }).where(eq(firms.id, firmId));
  return true;
}

/** Firms nobody claimed within the window (and that therefore have no members). */
export async function deleteUnclaimedFirms(db: Db, maxAgeHours: number): Promise<number> {
  const rows = await db
    .delete(firms)
    .where(and(isNull(firms.claimedAt), lt(firms.createdAt, sql`now() - make_interval(hours => ${maxAgeHours})`)))
    .returning({ id: firms.id });
  return rows.length;
}

export function selectFirmForMember(tx: Tx, firmId: string) {
  return tx
    .select()
    .from(firms)
    .where(or(eq(firms.id, firmId)))
    .limit(1)
    .then((r) => r[0] ?? null);
}
