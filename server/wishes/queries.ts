import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { assets, wishesAtReport } from "../db/schema/index.js";

/**
 * The owner's choice for their final wishes (docs/decisions/097), under the owner's row-level
 * security: every query's first condition is the owner.
 */

/** The owner's final wishes item `id` with its choice; none when it is not theirs or not final wishes. */
export async function selectWishesChoice(tx: Tx, ownerId: string, id: string) {
  const [row] = await tx
    .select({ id: assets.id, chosenAt: wishesAtReport.chosenAt })
    .from(assets)
    .leftJoin(wishesAtReport, eq(wishesAtReport.assetId, assets.id))
    .where(and(eq(assets.userId, ownerId), eq(assets.id, id), eq(assets.type, "wishes")));
  return row;
}

export const insertWishesChoice = (tx: Tx, v: { ownerId: string; assetId: string; at: Date }) =>
  tx
    .insert(wishesAtReport)
    .values({ assetId: v.assetId, ownerId: v.ownerId, chosenAt: v.at })
    .onConflictDoNothing();

export const deleteWishesChoice = (tx: Tx, ownerId: string, assetId: string) =>
  tx
    .delete(wishesAtReport)
    .where(and(eq(wishesAtReport.ownerId, ownerId), eq(wishesAtReport.assetId, assetId)));
