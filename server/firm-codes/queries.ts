import { and, desc, eq, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { firmCodes, firms } from "../db/schema/index.js";

/** Codes chosen before decision 018 were stored padded with spaces to 6 characters. */
const storedCode = sql`rtrim(${firmCodes.code})`;

/** Run under withActor: row-level security limits firm_codes to the actor's firm (admins only). */
export const listCodes = (tx: Tx, firmId: string) =>
  tx
    .select()
    .from(firmCodes)
    .where(eq(firmCodes.firmId, firmId))
    .orderBy(desc(firmCodes.createdAt));

export const insertCode = (
  tx: Tx,
  values: { firmId: string; code: string; description: string | null },
) =>
  tx
    .insert(firmCodes)
    .values({ ...values, isActive: true, expiresAt: null })
    .returning()
    .then((r) => r[0]);

/** System, right after the firm is claimed: its own code as its first firm_codes row. */
export const insertDefaultCode = (db: Db, values: { firmId: string; code: string }) =>
  db.insert(firmCodes).values({ ...values, description: "Default firm code" });

export const deactivateCode = (tx: Tx, firmId: string, id: string) =>
  tx
    .update(firmCodes)
    .set({ isActive: false })
    .where(and(eq(firmCodes.id, id), eq(firmCodes.firmId, firmId)))
    .returning()
    .then((r) => r[0]);

/** System: whether any firm has `code`, as its own code or among its firm codes (uniqueness spans every firm). */
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

/** System: the claimed firm of an active firm_codes row with this (normalised) code. */
export const findFirmByActiveCode = (db: Db, code: string) =>
  db
    .select({ id: firms.id, name: firms.name })
    .from(firmCodes)
    .innerJoin(firms, eq(firms.id, firmCodes.firmId))
    .where(
      and(
        sql`${storedCode} = ${code}`,
        eq(firmCodes.isActive, true),
        sql`${firms.claimedAt} is not null`,
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);

/** System: the claimed firm whose own code this is, unless a firm_codes row has that code (deactivating the default code closes it). */
export const findFirmByOwnCode = (db: Db, code: string) =>
  db
    .select({ id: firms.id, name: firms.name })
    .from(firms)
    .where(
      and(
        eq(firms.firmCode, code),
        sql`${firms.claimedAt} is not null`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(firmCodes)
            .where(sql`${storedCode} = ${code}`),
        ),
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);

/** System: the code of an active firm_codes row of `firmId`, if it is active. */
export const selectActiveCode = (db: Db | Tx, firmId: string, id: string) =>
  db
    .select({ code: firmCodes.code })
    .from(firmCodes)
    .where(and(eq(firmCodes.id, id), eq(firmCodes.firmId, firmId), eq(firmCodes.isActive, true)))
    .limit(1)
    .then((r) => r[0]?.code.trimEnd() ?? null);
