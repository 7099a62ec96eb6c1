import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { assetBeneficiaries, firms, profiles, releasePlans } from "../db/schema/index.js";

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
 * Each address an item is left to, with how many items a release would hand it and the name the
 * owner gave it in their beneficiary list (as the release counts them: server/release/steps.ts).
 */
export function selectRecipients(tx: Tx, ownerId: string) {
  return tx
    .select({
      email: assetBeneficiaries.email,
      items: sql<number>`count(*)::int`,
      // qualified by hand: Drizzle writes a one-table select's columns unqualified
      name: sql<string | null>`(select min(b.name) from beneficiaries b
        where b.user_id = ${ownerId} and lower(b.email) = asset_beneficiaries.email)`,
    })
    .from(assetBeneficiaries)
    .where(eq(assetBeneficiaries.userId, ownerId))
    .groupBy(assetBeneficiaries.email)
    .orderBy(assetBeneficiaries.email);
}

/** How many distinct items a release would hand out. */
export async function countItemsLeft(tx: Tx, ownerId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${assetBeneficiaries.assetId})::int` })
    .from(assetBeneficiaries)
    .where(eq(assetBeneficiaries.userId, ownerId));
  return Number(row?.n ?? 0);
}
