import { count, desc, eq } from "drizzle-orm";
import { RECENT_ASSETS } from "../../common/dashboard.js";
import type { Tx } from "../db/client.js";
import { assets, beneficiaries } from "../db/schema/index.js";

/** Under withActor: the actor's own assets and beneficiaries only. */

export const countAssetsByType = (tx: Tx, userId: string) =>
  tx
    .select({ type: assets.type, n: count() })
    .from(assets)
    .where(eq(assets.userId, userId))
    .groupBy(assets.type);

export const listRecentAssets = (tx: Tx, userId: string) =>
  tx
    .select({ id: assets.id, type: assets.type, title: assets.title, updatedAt: assets.updatedAt })
    .from(assets)
    .where(eq(assets.userId, userId))
    .orderBy(desc(assets.updatedAt), desc(assets.id))
    .limit(RECENT_ASSETS);

export const countBeneficiaries = (tx: Tx, userId: string) =>
  tx
    .select({ n: count() })
    .from(beneficiaries)
    .where(eq(beneficiaries.userId, userId))
    .then((r) => r[0]?.n ?? 0);
