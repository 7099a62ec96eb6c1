import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  assetBeneficiaries,
  assets,
  firms,
  itemDeliveries,
  itemFallbacks,
  profiles,
  releasePlans,
} from "../db/schema/index.js";

/**
 * What a test run needs to write a release's e-mails (docs/decisions/083): reads only, as the
 * system after the owner's access check. No title, no content, no key.
 */

export async function selectOwner(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      firmId: profiles.firmId,
    })
    .from(profiles)
    .where(eq(profiles.id, ownerId));
  return row ?? null;
}

export async function selectPlanSettings(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select({
      inactivityMonths: releasePlans.inactivityMonths,
      waitDays: releasePlans.waitDays,
      lastCheckInAt: releasePlans.lastCheckInAt,
    })
    .from(releasePlans)
    .where(eq(releasePlans.userId, ownerId));
  return row ?? null;
}

export async function selectFirmName(tx: Tx, firmId: string): Promise<string | null> {
  const [row] = await tx.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId));
  return row?.name ?? null;
}

/**
 * Each (item, address) a release would hand out, with the item's type and its delay (0: at the
 * release), as the release reads them (server/release/steps.ts, docs/decisions/096).
 */
export function selectItemsLeft(tx: Tx, ownerId: string) {
  return tx
    .select({
      assetId: assetBeneficiaries.assetId,
      email: assetBeneficiaries.email,
      type: assets.type,
      delayDays: sql<number>`coalesce(${itemDeliveries.delayDays}, 0)::int`,
    })
    .from(assetBeneficiaries)
    .innerJoin(assets, eq(assets.id, assetBeneficiaries.assetId))
    .leftJoin(itemDeliveries, eq(itemDeliveries.assetId, assetBeneficiaries.assetId))
    .where(eq(assetBeneficiaries.userId, ownerId))
    .orderBy(assetBeneficiaries.email);
}

/** The people in turn of the owner's items (decision 096), each address once. */
export function selectFallbackEmails(tx: Tx, ownerId: string) {
  return tx
    .selectDistinct({ email: itemFallbacks.email })
    .from(itemFallbacks)
    .where(eq(itemFallbacks.userId, ownerId))
    .orderBy(itemFallbacks.email);
}
