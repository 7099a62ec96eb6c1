import { and, eq, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { assetBeneficiaries } from "../db/schema/index.js";

/**
 * The rows a role gives (decision 091), under withActor: row-level security keeps every statement
 * to the actor's own assets, beneficiaries and rows. What the roles give now: each executor's
 * address for every estate entry, each legal contact's for every document marked for them.
 */
const desired = (userId: string) => sql`
  select distinct on (a.id, b.email) a.id as asset_id, b.email, 'executor' as role
    from assets a join beneficiaries b on b.user_id = a.user_id and b.is_executor
    where a.user_id = ${userId} and a.type = 'estate'
  union all
  select distinct on (a.id, b.email) a.id, b.email, 'legal_contact'
    from assets a join beneficiaries b on b.user_id = a.user_id and b.is_legal_contact
    where a.user_id = ${userId} and a.is_for_legal_contact and a.type <> 'estate'`;

/**
 * Brings the owner's role rows in line with their roles, in three statements: a row a role no
 * longer gives is deleted with its wrap (or keeps only its "left to" when the item is also left to
 * that address); a row a role now gives is added without a wrap ("pending" until the owner's
 * browser wraps it, as an item newly left to someone) or, when the item is left to that address
 * already, marked with the role and keeps its wrap. A role gives the content: a row the owner had
 * made "catalogue only" (decision 098) goes back to "content", pending its wrap.
 */
export async function reconcileRoleRows(tx: Tx, userId: string) {
  await tx.execute(sql`
    delete from asset_beneficiaries ab
    where ab.user_id = ${userId} and ab.role is not null and not ab.is_left
      and not exists (select 1 from (${desired(userId)}) d
        where d.asset_id = ab.asset_id and d.email = ab.email and d.role = ab.role)`);
  await tx.execute(sql`
    update asset_beneficiaries ab set role = null
    where ab.user_id = ${userId} and ab.role is not null and ab.is_left
      and not exists (select 1 from (${desired(userId)}) d
        where d.asset_id = ab.asset_id and d.email = ab.email and d.role = ab.role)`);
  await tx.execute(sql`
    insert into asset_beneficiaries (asset_id, user_id, email, position, is_left, role)
    select d.asset_id, ${userId}, d.email, 0, false, d.role from (${desired(userId)}) d
    on conflict (asset_id, email) do update
      set role = excluded.role, access = 'content', catalogue_title = null
      where asset_beneficiaries.role is distinct from excluded.role`);
}

/**
 * An item's beneficiary list changed (decision 053): an address left out keeps its row, without
 * "left to", when a role still gives it the item; the rest are deleted with their wraps.
 */
export async function removeLeftAddresses(tx: Tx, assetId: string, keep: string[]) {
  const notKept = keep.length ? notInArray(assetBeneficiaries.email, keep) : undefined;
  await tx
    .update(assetBeneficiaries)
    .set({ isLeft: false })
    .where(
      and(eq(assetBeneficiaries.assetId, assetId), isNotNull(assetBeneficiaries.role), notKept),
    );
  await tx
    .delete(assetBeneficiaries)
    .where(and(eq(assetBeneficiaries.assetId, assetId), isNull(assetBeneficiaries.role), notKept));
}

/** A new content key: the role-only rows' wraps were made for the old one and go (pending again). */
export const clearRoleOnlyWraps = (tx: Tx, assetId: string) =>
  tx
    .update(assetBeneficiaries)
    .set({ beneficiaryKeyId: null, wrappedKey: null })
    .where(and(eq(assetBeneficiaries.assetId, assetId), eq(assetBeneficiaries.isLeft, false)));
