import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { account, firms, user } from "../db/schema/index.js";

type FirmDetails = { name: string; phone: string | null; address: string | null };

export async function isFirmNameTaken(db: Db | Tx, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: firms.id })
    .from(firms)
    .where(sql`lower(${firms.name}) = lower(${name})`)
    .limit(1);
  return rows.length > 0;
}

/** System: a new, unclaimed firm with its own code and the hash of its claim secret. */
export const insertFirm = (
  tx: Tx,
  values: FirmDetails & { firmCode: string; slug: string; claimSecretHash: string },
) =>
  tx
    .insert(firms)
    .values(values)
    .returning()
    .then((r) => r[0]);

/** Locks an unclaimed firm for its first admin; null when missing, claimed or expired. */
export async function lockClaimableFirm(tx: Tx, firmId: string, maxAgeHours: number) {
  const rows = await tx
    .select()
    .from(firms)
    .where(
      and(
        eq(firms.id, firmId),
        isNull(firms.claimedAt),
        sql`${firms.createdAt} > now() - make_interval(hours => ${maxAgeHours})`,
      ),
    )
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Step 2 is done: the wizard's claim secret gives way to one nobody holds (only an e-mailed claim
 * link, bound to its hash, can claim the firm now). The firm as it is now.
 */
export const replaceClaimSecretHash = (tx: Tx, firmId: string, claimSecretHash: string) =>
  tx
    .update(firms)
    .set({ claimSecretHash })
    .where(eq(firms.id, firmId))
    .returning()
    .then((r) => r[0] ?? null);

/** Locks the unclaimed firm waiting for this account to confirm its address (decision 073); null when none or expired. */
export async function lockPendingFirm(tx: Tx, userId: string, maxAgeHours: number) {
  const rows = await tx
    .select()
    .from(firms)
    .where(
      and(
        eq(firms.pendingAdminId, userId),
        isNull(firms.claimedAt),
        sql`${firms.createdAt} > now() - make_interval(hours => ${maxAgeHours})`,
      ),
    )
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

/** The id of the account that has `email`, if any (system: the claim of an existing account, decision 034). */
export const selectUserIdByEmail = async (db: Db, email: string) =>
  (await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1))[0]?.id ??
  null;

/** The argon2id hash of the account's password (better-auth's credential account), if it has one. */
export const selectPasswordHash = async (db: Db, userId: string) =>
  (
    await db
      .select({ password: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
      .limit(1)
  )[0]?.password ?? null;

/** The account of a claim that lost the race: nothing half-made stays behind. */
export const deleteAccount = (db: Db, userId: string) => db.delete(user).where(eq(user.id, userId));

/** Firms nobody claimed within the window (and that therefore have no members). */
export async function deleteUnclaimedFirms(db: Db, maxAgeHours: number): Promise<number> {
  const rows = await db
    .delete(firms)
    .where(
      and(
        isNull(firms.claimedAt),
        lt(firms.createdAt, sql`now() - make_interval(hours => ${maxAgeHours})`),
      ),
    )
    .returning({ id: firms.id });
  return rows.length;
}

export function selectFirmForMember(tx: Tx, firmId: string) {
  return tx
    .select()
    .from(firms)
    .where(or(eq(firms.id, firmId)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** The firm's name and own code (what an invitation is sent with). */
export const selectFirmNameAndCode = (tx: Tx, firmId: string) =>
  tx
    .select({
      name: firms.name,
      firmCode: firms.firmCode,
      brandColor: firms.brandColor,
      logoUrl: firms.logoUrl,
    })
    .from(firms)
    .where(eq(firms.id, firmId))
    .then((r) => r[0]);

export const selectFirmName = (db: Db | Tx, firmId: string) =>
  db
    .select({
      name: firms.name,
      brandColor: firms.brandColor,
      logoUrl: firms.logoUrl,
      slug: firms.slug,
    })
    .from(firms)
    .where(eq(firms.id, firmId))
    .then((r) => r[0]);

/** System (lv_app only reads firms): name, phone and address. */
export const updateDetails = (tx: Tx, firmId: string, details: FirmDetails) =>
  tx
    .update(firms)
    .set({
      name: details.name,
      phone: details.phone,
      address: details.address,
      updatedAt: new Date(),
    })
    .where(eq(firms.id, firmId))
    .returning()
    .then((r) => r[0]);

/** System: the firm's current logo, its row locked until the transaction ends (two logo changes take turns). */
export const lockLogoUrl = (tx: Tx, firmId: string) =>
  tx
    .select({ logoUrl: firms.logoUrl })
    .from(firms)
    .where(eq(firms.id, firmId))
    .for("update")
    .then((r) => r[0]);

/** System: a new logo URL, or null for none. */
export const setLogoUrl = (tx: Tx, firmId: string, logoUrl: string | null) =>
  tx
    .update(firms)
    .set({ logoUrl, updatedAt: new Date() })
    .where(eq(firms.id, firmId))
    .returning()
    .then((r) => r[0]);

/* ---------- the firm page (decision 095) ---------- */

export async function isSlugTaken(db: Db | Tx, slug: string, exceptFirmId?: string) {
  const rows = await db
    .select({ id: firms.id })
    .from(firms)
    .where(
      exceptFirmId
        ? and(eq(firms.slug, slug), sql`${firms.id} <> ${exceptFirmId}`)
        : eq(firms.slug, slug),
    )
    .limit(1);
  return rows.length > 0;
}

/** System: what the public page of a claimed firm shows, by its slug. */
export const selectFirmPage = (db: Db | Tx, slug: string) =>
  db
    .select({
      id: firms.id,
      name: firms.name,
      logoUrl: firms.logoUrl,
      brandColor: firms.brandColor,
      pageCodeId: firms.pageCodeId,
    })
    .from(firms)
    .where(and(eq(firms.slug, slug), sql`${firms.claimedAt} is not null`))
    .limit(1)
    .then((r) => r[0] ?? null);

/** System: the page's current code, its row locked until the transaction ends. */
export const lockPageCodeId = (tx: Tx, firmId: string) =>
  tx
    .select({ pageCodeId: firms.pageCodeId })
    .from(firms)
    .where(eq(firms.id, firmId))
    .for("update")
    .then((r) => r[0]);

/** System: the page's address, colour and code. */
export const updatePage = (
  tx: Tx,
  firmId: string,
  page: { slug: string; brandColor: string | null; pageCodeId: string | null },
) =>
  tx
    .update(firms)
    .set({ ...page, updatedAt: new Date() })
    .where(eq(firms.id, firmId))
    .returning()
    .then((r) => r[0]);
