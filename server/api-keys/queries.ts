import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { apiKeys, profiles } from "../db/schema/index.js";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The firm's keys, newest first; under row-level security, the caller's firm's only. */
export const selectFirmApiKeys = (tx: Tx, firmId: string) =>
  tx.select().from(apiKeys).where(eq(apiKeys.firmId, firmId)).orderBy(desc(apiKeys.createdAt));

export async function countActiveApiKeys(tx: Tx, firmId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.firmId, firmId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertApiKey(
  tx: Tx,
  key: {
    id: string;
    firmId: string;
    createdBy: string;
    name: string;
    scopes: string[];
    secretHash: string;
  },
): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(key).returning();
  if (!row) throw new Error("insert api key returned nothing");
  return row;
}

/** Revokes the firm's key `id` if it is not already; the row, or null when the firm has no such key. */
export async function revokeApiKeyRow(
  tx: Tx,
  { firmId, id, at }: { firmId: string; id: string; at: Date },
): Promise<ApiKeyRow | null> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.firmId, firmId), isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return row;
  const [existing] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.firmId, firmId)));
  return existing ?? null;
}

/**
 * A key being used, with the role and firm its maker has now (the system's look-up, before anyone
 * is known): null for an unknown id.
 */
export async function findKeyWithMaker(db: Db, id: string) {
  const [row] = await db
    .select({
      key: apiKeys,
      makerRole: profiles.role,
      makerFirmId: profiles.firmId,
    })
    .from(apiKeys)
    .leftJoin(profiles, eq(profiles.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, id));
  return row ?? null;
}

export const touchApiKey = (db: Db, { id, at }: { id: string; at: Date }) =>
  db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
