import { and, desc, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { firmCodes } from "../db/schema/index.js";

/** Run under withActor: row-level security limits firm_codes to the actor's firm (admins only). */
export const listCodes = (tx: Tx, firmId: string) => tx.select().from(firmCodes).where(eq(firmCodes.firmId, firmId)).orderBy(desc(firmCodes.createdAt));

export const insertCode = (tx: Tx, values: { firmId: string; code: string; description: string | null }) =>
  tx
    .insert(firmCodes)
    .values({ ...values, isActive: true, expiresAt: null })
    .returning()
    .then((r) => r[0]);

export const deactivateCode = (tx: Tx, firmId: string, id: string) =>
  tx
    .update(firmCodes)
    .set({ isActive: false })
    .where(and(eq(firmCodes.id, id), eq(firmCodes.firmId, firmId)))
    .returning()
    .then((r) => r[0]);
