import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../db/client.js";
import { writeBytea } from "../db/bytea.js";
import { beneficiaryKeys, itemDeliveries, itemFallbacks, profiles } from "../db/schema/index.js";

/** An item's delay and claim time (no row: given at the release, 30 days to claim). */
export async function selectDelivery(tx: Tx, assetId: string) {
  const [row] = await tx
    .select({ delayDays: itemDeliveries.delayDays, claimDays: itemDeliveries.claimDays })
    .from(itemDeliveries)
    .where(eq(itemDeliveries.assetId, assetId));
  return row ?? { delayDays: 0, claimDays: 30 };
}

export async function upsertDelivery(
  tx: Tx,
  row: { assetId: string; userId: string; delayDays: number; claimDays: number },
) {
  await tx
    .insert(itemDeliveries)
    .values(row)
    .onConflictDoUpdate({
      target: itemDeliveries.assetId,
      set: { delayDays: row.delayDays, claimDays: row.claimDays, updatedAt: sql`now()` },
    });
}

/** An item's fallbacks in order (addresses only: the wraps stay here until activation). */
export const selectFallbacks = (tx: Tx, assetId: string) =>
  tx
    .select({ email: itemFallbacks.email, position: itemFallbacks.position })
    .from(itemFallbacks)
    .where(eq(itemFallbacks.assetId, assetId))
    .orderBy(itemFallbacks.position);

/** Every fallback of the owner's items, in order (under RLS: the owner's own rows). */
export const selectOwnerFallbacks = (tx: Tx, ownerId: string) =>
  tx
    .select({ assetId: itemFallbacks.assetId, email: itemFallbacks.email })
    .from(itemFallbacks)
    .where(eq(itemFallbacks.userId, ownerId))
    .orderBy(itemFallbacks.assetId, itemFallbacks.position);

/** The whole list anew, in order (positions 1, 2, 3). */
export async function replaceFallbacks(
  tx: Tx,
  a: {
    assetId: string;
    userId: string;
    fallbacks: { email: string; beneficiaryKeyId: string; wrappedKey: Buffer }[];
  },
) {
  await tx.delete(itemFallbacks).where(eq(itemFallbacks.assetId, a.assetId));
  if (a.fallbacks.length)
    await tx.insert(itemFallbacks).values(
      a.fallbacks.map((f, i) => ({
        assetId: a.assetId,
        userId: a.userId,
        position: i + 1,
        email: f.email,
        beneficiaryKeyId: f.beneficiaryKeyId,
        wrappedKey: f.wrappedKey,
      })),
    );
}

/** The owner's beneficiary keys among `ids`, with their addresses. */
export const selectOwnerKeys = (tx: Tx, ownerId: string, ids: string[]) =>
  ids.length
    ? tx
        .select({ id: beneficiaryKeys.id, email: beneficiaryKeys.email })
        .from(beneficiaryKeys)
        .where(and(eq(beneficiaryKeys.userId, ownerId), inArray(beneficiaryKeys.id, ids)))
    : Promise.resolve([]);

export const deleteDelay = (tx: Tx, assetId: string) =>
  tx.delete(itemDeliveries).where(eq(itemDeliveries.assetId, assetId));

export type PassedOver = { releaseId: string; assetId: string; ownerId: string; position: number };

/**
 * Items whose last people cannot receive them and that have a next fallback: the rows of the
 * highest position given so far, none claimed, and either their claim time (from their delivery)
 * passed or every one of them reported dead (decision 105; `reportedDead`). Locked with SKIP
 * LOCKED, so that another process's sweep takes others. `releaseId`: that release's only.
 */
export async function claimPassedOver(
  tx: Tx,
  now: Date,
  limit: number,
  releaseId: string | null = null,
) {
  const at = now.toISOString();
  // every person of the rows at ri's position reported dead (decision 105)
  const reportedDead = sql`not exists (
    select 1 from release_items o
    where o.release_id = ri.release_id and o.asset_id = ri.asset_id
      and coalesce(o.fallback_position, 0) = coalesce(ri.fallback_position, 0)
      and not exists (
        select 1 from reported_deaths x
        where x.release_id = o.release_id and x.email = o.beneficiary_email))`;
  const result = await tx.execute(sql`
    select ri.release_id as "releaseId", ri.asset_id as "assetId", r.user_id as "ownerId",
      coalesce(ri.fallback_position, 0)::int as "position", ${reportedDead} as "reportedDead"
    from release_items ri
    join releases r on r.id = ri.release_id and r.status = 'released'
    join item_deliveries d on d.asset_id = ri.asset_id
    where ri.claimed_at is null
      and (${releaseId}::uuid is null or ri.release_id = ${releaseId}::uuid)
      and (ri.due_at is null or ri.delivered_at is not null)
      and (coalesce(ri.delivered_at, r.released_at) + make_interval(days => d.claim_days::int) <= ${at}::timestamptz
        or ${reportedDead})
      and not exists (
        select 1 from release_items o
        where o.release_id = ri.release_id and o.asset_id = ri.asset_id
          and (o.claimed_at is not null or coalesce(o.fallback_position, 0) > coalesce(ri.fallback_position, 0)))
      and exists (
        select 1 from item_fallbacks f
        where f.asset_id = ri.asset_id and f.position > coalesce(ri.fallback_position, 0))
    order by ri.asset_id
    limit ${limit}
    for update of ri skip locked`);
  const seen = new Set<string>();
  return rowsOf<PassedOver & { reportedDead: boolean }>(result).filter((r) => {
    const key = `${r.releaseId}\n${r.assetId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Gives the item to its next fallback after `position`: their wrap becomes the item's row for
 * them (what the portal reads) and the release's row for them (the grant), given now (their own
 * claim time starts now: delivered_at). Returns the
 * fallback, or null when another sweep did it already.
 */
export async function activateNextFallback(
  tx: Tx,
  a: PassedOver & { now: Date; accessEndsAt: Date },
) {
  const [next] = await tx
    .select()
    .from(itemFallbacks)
    .where(
      and(eq(itemFallbacks.assetId, a.assetId), sql`${itemFallbacks.position} > ${a.position}`),
    )
    .orderBy(itemFallbacks.position)
    .limit(1);
  if (!next) return null;
  const granted = rowsOf<{ email: string }>(
    await tx.execute(sql`
      insert into release_items (release_id, asset_id, beneficiary_email, access_ends_at, delivered_at, fallback_position)
      values (${a.releaseId}, ${a.assetId}, ${next.email}, ${a.accessEndsAt.toISOString()}::timestamptz,
        ${a.now.toISOString()}::timestamptz, ${next.position})
      on conflict do nothing
      returning beneficiary_email as "email"`),
  );
  if (!granted.length) return null;
  await tx.execute(sql`
    insert into asset_beneficiaries (asset_id, user_id, email, position, beneficiary_key_id, wrapped_key, is_left)
    values (${a.assetId}, ${next.userId}, ${next.email},
      (select coalesce(max(position), 0) + 1 from asset_beneficiaries where asset_id = ${a.assetId}),
      ${next.beneficiaryKeyId}, ${writeBytea(next.wrappedKey)}, true)
    on conflict (asset_id, email) do nothing`);
  return { email: next.email, position: next.position };
}

/** The addresses passed over: the rows at `position` of this item's release. */
export async function selectPassedOverEmails(tx: Tx, a: PassedOver) {
  const result = await tx.execute(sql`
    select beneficiary_email as "email" from release_items
    where release_id = ${a.releaseId} and asset_id = ${a.assetId}
      and coalesce(fallback_position, 0) = ${a.position}
    order by beneficiary_email`);
  return rowsOf<{ email: string }>(result).map((r) => r.email);
}

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
