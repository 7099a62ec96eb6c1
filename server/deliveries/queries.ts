import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../db/client.js";
import { beneficiaries, itemDeliveries, profiles } from "../db/schema/index.js";

/** An item's delay in days after the release (no row: 0, given at the release). */
export async function selectDelay(tx: Tx, assetId: string) {
  const [row] = await tx
    .select({ delayDays: itemDeliveries.delayDays })
    .from(itemDeliveries)
    .where(eq(itemDeliveries.assetId, assetId));
  return row?.delayDays ?? 0;
}

export async function upsertDelay(
  tx: Tx,
  row: { assetId: string; userId: string; delayDays: number },
) {
  await tx
    .insert(itemDeliveries)
    .values(row)
    .onConflictDoUpdate({
      target: itemDeliveries.assetId,
      set: { delayDays: row.delayDays, updatedAt: sql`now()` },
    });
}

export const deleteDelay = (tx: Tx, assetId: string) =>
  tx.delete(itemDeliveries).where(eq(itemDeliveries.assetId, assetId));

/** Every delayed item of the owner (the release reads them as the system). */
export const selectOwnerDelays = (tx: Tx, ownerId: string) =>
  tx
    .select({ assetId: itemDeliveries.assetId, delayDays: itemDeliveries.delayDays })
    .from(itemDeliveries)
    .where(eq(itemDeliveries.userId, ownerId));

export type ClaimedItem = {
  releaseId: string;
  assetId: string;
  email: string;
  ownerId: string;
};

/**
 * Claims up to `limit` released items whose day has come and marks them delivered, in one
 * statement: waiting rows only (the partial index), locked with SKIP LOCKED so that another
 * process's sweep takes others. Only a release that happened counts.
 */
export async function claimDueItems(tx: Tx, now: Date, limit: number) {
  const at = now.toISOString();
  const result = await tx.execute(sql`
    update release_items m set delivered_at = ${at}::timestamptz
    from (
      select ri.release_id, ri.asset_id, ri.beneficiary_email, r.user_id
      from release_items ri
      join releases r on r.id = ri.release_id and r.status = 'released'
      where ri.delivered_at is null and ri.due_at is not null and ri.due_at <= ${at}::timestamptz
      order by ri.due_at
      limit ${limit}
      for update of ri skip locked
    ) due
    where m.release_id = due.release_id and m.asset_id = due.asset_id
      and m.beneficiary_email = due.beneficiary_email
    returning m.release_id as "releaseId", m.asset_id as "assetId",
      m.beneficiary_email as "email", due.user_id as "ownerId"`);
  return rowsOf<ClaimedItem>(result);
}

/** Owners' names, by id. */
export const selectOwnerNames = (tx: Tx, ownerIds: string[]) =>
  tx
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(inArray(profiles.id, ownerIds));

/** The names an owner gave these (lower-case) addresses in their beneficiary list. */
export const selectBeneficiaryNames = (tx: Tx, ownerId: string, emails: string[]) =>
  tx
    .select({ email: sql<string>`lower(${beneficiaries.email})`, name: beneficiaries.name })
    .from(beneficiaries)
    .where(
      and(eq(beneficiaries.userId, ownerId), inArray(sql`lower(${beneficiaries.email})`, emails)),
    );
