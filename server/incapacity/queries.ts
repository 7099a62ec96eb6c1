import { and, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  assets,
  beneficiaryKeys,
  incapacityItems,
  incapacityPlans,
  incapacityScopes,
  timers,
  user,
} from "../db/schema/index.js";

/** The SQL of the incapacity scope (docs/decisions/093). The owner's reads run under RLS; the rest as the system. */

export type ScopeRow = typeof incapacityScopes.$inferSelect;

export async function selectSettings(tx: Tx, ownerId: string) {
  const [row] = await tx.select().from(incapacityPlans).where(eq(incapacityPlans.ownerId, ownerId));
  return row ?? null;
}

export async function upsertSettings(
  tx: Tx,
  s: { ownerId: string; waitDays: number; accessDays: number; now: Date },
) {
  await tx
    .insert(incapacityPlans)
    .values({
      ownerId: s.ownerId,
      waitDays: s.waitDays,
      accessDays: s.accessDays,
      updatedAt: s.now,
    })
    .onConflictDoUpdate({
      target: incapacityPlans.ownerId,
      set: { waitDays: s.waitDays, accessDays: s.accessDays, updatedAt: s.now },
    });
}

/** The owner's marked items: one row per (item, caregiver address). */
export const selectMarks = (tx: Tx, ownerId: string) =>
  tx
    .select({ assetId: incapacityItems.assetId, email: incapacityItems.email })
    .from(incapacityItems)
    .where(eq(incapacityItems.ownerId, ownerId))
    .orderBy(incapacityItems.assetId, incapacityItems.email);

/** The owner's own item `assetId`, or null (someone else's reads as missing). */
export async function selectOwnAsset(tx: Tx, ownerId: string, assetId: string) {
  const [row] = await tx
    .select({ id: assets.id, type: assets.type })
    .from(assets)
    .where(and(eq(assets.id, assetId), eq(assets.userId, ownerId)));
  return row ?? null;
}

/** The owner's beneficiary keys of these ids: a caregiver must be one of the owner's people with a key. */
export const selectOwnKeys = (tx: Tx, ownerId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tx
        .select({ id: beneficiaryKeys.id, email: beneficiaryKeys.email })
        .from(beneficiaryKeys)
        .where(and(eq(beneficiaryKeys.userId, ownerId), inArray(beneficiaryKeys.id, ids)));

/** Replaces the caregivers an item is marked for (none: unmarked), in the caller's transaction. */
export async function replaceMarks(
  tx: Tx,
  m: {
    ownerId: string;
    assetId: string;
    rows: { email: string; beneficiaryKeyId: string; wrappedKey: Buffer }[];
  },
) {
  await tx
    .delete(incapacityItems)
    .where(and(eq(incapacityItems.ownerId, m.ownerId), eq(incapacityItems.assetId, m.assetId)));
  if (m.rows.length)
    await tx
      .insert(incapacityItems)
      .values(m.rows.map((r) => ({ ...r, ownerId: m.ownerId, assetId: m.assetId })));
}

export async function selectLatestScope(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select()
    .from(incapacityScopes)
    .where(eq(incapacityScopes.ownerId, ownerId))
    .orderBy(desc(incapacityScopes.startedAt))
    .limit(1);
  return row ?? null;
}

/** The owner's waiting or active scope, locked; null when there is none. */
export async function selectOpenScopeForUpdate(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select()
    .from(incapacityScopes)
    .where(and(eq(incapacityScopes.ownerId, ownerId), ne(incapacityScopes.status, "ended")))
    .for("update");
  return row ?? null;
}

export async function selectScopeForUpdate(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(incapacityScopes)
    .where(eq(incapacityScopes.id, id))
    .for("update");
  return row ?? null;
}

export async function insertScope(tx: Tx, s: typeof incapacityScopes.$inferInsert) {
  const [row] = await tx.insert(incapacityScopes).values(s).returning();
  return row ?? null;
}

export const updateScope = (
  tx: Tx,
  id: string,
  set: Partial<Pick<ScopeRow, "status" | "endsAt" | "endedAt" | "endedVia">>,
) => tx.update(incapacityScopes).set(set).where(eq(incapacityScopes.id, id));

/** A step of the scope on the release's timers (claimed once across processes by their sweep). */
export const insertTimer = (
  tx: Tx,
  t: { kind: "incapacity_open" | "incapacity_end"; userId: string; dueAt: Date; scopeId: string },
) =>
  tx
    .insert(timers)
    .values({ kind: t.kind, userId: t.userId, dueAt: t.dueAt, details: { id: t.scopeId } });

export async function selectPerson(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, id));
  return row ?? null;
}

/** The caregiver addresses of the owner's marked items, and how many items each has. */
export const selectCaregivers = (tx: Tx, ownerId: string) =>
  tx
    .select({ email: incapacityItems.email, items: sql<number>`count(*)::int` })
    .from(incapacityItems)
    .where(eq(incapacityItems.ownerId, ownerId))
    .groupBy(incapacityItems.email)
    .orderBy(incapacityItems.email);

/**
 * What `email` may read now: items marked for this very address whose owner's scope is active and
 * not past its end, each with the wrap made for this address's own key (the key must still be the
 * one the wrap names, of the same owner and address). Nothing else: no release item, no other
 * address's wrap, nothing of an owner whose scope waits or ended.
 */
export const selectCareRows = (tx: Tx, email: string, now: Date, assetId?: string) =>
  tx
    .select({
      id: assets.id,
      type: assets.type,
      title: assets.title,
      encryptedTitle: assets.encryptedTitle,
      ownerId: incapacityScopes.ownerId,
      ownerName: user.name,
      scopeId: incapacityScopes.id,
      endsAt: incapacityScopes.endsAt,
      beneficiaryKeyId: beneficiaryKeys.id,
      serverShare: beneficiaryKeys.serverShare,
      escrowShare: beneficiaryKeys.escrowShare,
      wrappedKey: incapacityItems.wrappedKey,
    })
    .from(incapacityItems)
    .innerJoin(
      incapacityScopes,
      and(
        eq(incapacityScopes.ownerId, incapacityItems.ownerId),
        eq(incapacityScopes.status, "active"),
        gt(incapacityScopes.endsAt, now),
      ),
    )
    .innerJoin(
      beneficiaryKeys,
      and(
        eq(beneficiaryKeys.id, incapacityItems.beneficiaryKeyId),
        eq(beneficiaryKeys.userId, incapacityItems.ownerId),
        eq(beneficiaryKeys.email, incapacityItems.email),
      ),
    )
    .innerJoin(assets, eq(assets.id, incapacityItems.assetId))
    .innerJoin(user, eq(user.id, incapacityItems.ownerId))
    .where(
      and(
        eq(incapacityItems.email, email),
        ...(assetId ? [eq(incapacityItems.assetId, assetId)] : []),
      ),
    )
    .orderBy(user.name, assets.createdAt);

export type CareRow = Awaited<ReturnType<typeof selectCareRows>>[number];

export async function selectEncryptedData(tx: Tx, assetId: string) {
  const [row] = await tx
    .select({ encryptedData: assets.encryptedData })
    .from(assets)
    .where(eq(assets.id, assetId));
  return row?.encryptedData ?? null;
}
