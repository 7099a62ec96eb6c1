import { and, asc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { firms, profiles, verifierThresholds, verifiers } from "../db/schema/index.js";

/**
 * The verifiers domain's SQL (docs/decisions/081). The owner's reads run under withActor (RLS:
 * their own rows; no hash column is granted); everything else is a system query whose first
 * condition is the owner, the token's hash or the due time.
 */

/** What the owner (under RLS) and the firm's admins may read: never a hash. */
const visible = {
  id: verifiers.id,
  ownerId: verifiers.ownerId,
  kind: verifiers.kind,
  name: verifiers.name,
  email: verifiers.email,
  firmId: verifiers.firmId,
  status: verifiers.status,
  invitedAt: verifiers.invitedAt,
  inviteExpiresAt: verifiers.inviteExpiresAt,
  respondedAt: verifiers.respondedAt,
  lastAnsweredAt: verifiers.lastAnsweredAt,
  nextCheckAt: verifiers.nextCheckAt,
};

export const selectVerifiers = (tx: Tx, ownerId: string) =>
  tx
    .select(visible)
    .from(verifiers)
    .where(eq(verifiers.ownerId, ownerId))
    .orderBy(asc(verifiers.invitedAt), asc(verifiers.id));
export type VerifierRow = Awaited<ReturnType<typeof selectVerifiers>>[number];

export async function selectThreshold(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select({ threshold: verifierThresholds.threshold })
    .from(verifierThresholds)
    .where(eq(verifierThresholds.ownerId, ownerId));
  return row?.threshold ?? null;
}

export const upsertThreshold = (tx: Tx, ownerId: string, threshold: number) =>
  tx
    .insert(verifierThresholds)
    .values({ ownerId, threshold })
    .onConflictDoUpdate({ target: verifierThresholds.ownerId, set: { threshold } });

export const deleteThreshold = (tx: Tx, ownerId: string) =>
  tx.delete(verifierThresholds).where(eq(verifierThresholds.ownerId, ownerId));

/** The verifiers of `ownerId` who have not declined: the most k can be. */
export async function countEligible(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(verifiers)
    .where(and(eq(verifiers.ownerId, ownerId), ne(verifiers.status, "declined")));
  return row?.n ?? 0;
}

/** The owner's profile, locked: adding verifiers one at a time per owner keeps the count at 5. */
export async function selectOwnerForUpdate(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      role: profiles.role,
      firmId: profiles.firmId,
    })
    .from(profiles)
    .where(eq(profiles.id, ownerId))
    .for("update");
  return row ?? null;
}

export async function selectPerson(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: profiles.id, name: profiles.name, role: profiles.role, firmId: profiles.firmId })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row ?? null;
}

export async function selectFirmName(tx: Tx, firmId: string) {
  const [row] = await tx.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId));
  return row?.name ?? null;
}

export const selectFirmNames = (tx: Tx, ids: string[]) =>
  ids.length
    ? tx.select({ id: firms.id, name: firms.name }).from(firms).where(inArray(firms.id, ids))
    : Promise.resolve([]);

/** The addresses of a firm's admins (the firm as a verifier is acted for by them). */
export const selectFirmAdminEmails = (tx: Tx, firmId: string) =>
  tx
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.firmId, firmId), eq(profiles.role, "firm_admin")))
    .then((rows) => rows.map((r) => r.email));

export const insertVerifier = (tx: Tx, row: typeof verifiers.$inferInsert) =>
  tx
    .insert(verifiers)
    .values(row)
    .returning({ id: verifiers.id })
    .then((r) => r[0]?.id ?? null);

/** One of the owner's verifiers, locked, with everything (the system's read). */
export async function selectOwnVerifierForUpdate(tx: Tx, ownerId: string, id: string) {
  const [row] = await tx
    .select()
    .from(verifiers)
    .where(and(eq(verifiers.id, id), eq(verifiers.ownerId, ownerId)))
    .for("update");
  return row ?? null;
}
export type FullVerifierRow = NonNullable<Awaited<ReturnType<typeof selectOwnVerifierForUpdate>>>;

export const deleteVerifier = (tx: Tx, id: string) =>
  tx.delete(verifiers).where(eq(verifiers.id, id));

export const updateVerifier = (
  tx: Tx,
  id: string,
  set: Partial<Omit<typeof verifiers.$inferInsert, "id" | "ownerId" | "kind">>,
) => tx.update(verifiers).set(set).where(eq(verifiers.id, id));

/** The person whose invitation link this is, locked; null for an unknown hash. */
export async function selectByInviteHash(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(verifiers)
    .where(eq(verifiers.inviteTokenHash, tokenHash))
    .for("update");
  return row ?? null;
}

/** The verifier whose yearly-check link this is, locked; null for an unknown hash. */
export async function selectByCheckHash(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(verifiers)
    .where(eq(verifiers.checkTokenHash, tokenHash))
    .for("update");
  return row ?? null;
}

/**
 * Accepted verifiers whose yearly check is due, locked and skipped by any other process that is
 * sweeping at the same time (each is claimed once: the same transaction moves its due time on).
 */
export const selectDueChecks = (tx: Tx, now: Date, limit: number) =>
  tx
    .select()
    .from(verifiers)
    .where(and(eq(verifiers.status, "accepted"), lte(verifiers.nextCheckAt, now)))
    .orderBy(asc(verifiers.nextCheckAt))
    .limit(limit)
    .for("update", { skipLocked: true });

/** The firm's own verifier row for a client (under RLS for an admin: their firm's, for a client of it). */
export async function selectFirmVerifier(tx: Tx, ownerId: string, firmId: string) {
  const [row] = await tx
    .select(visible)
    .from(verifiers)
    .where(
      and(eq(verifiers.ownerId, ownerId), eq(verifiers.kind, "firm"), eq(verifiers.firmId, firmId)),
    );
  return row ?? null;
}

/** The accepted person verifier roles of an address, across owners (a system read for /verifier/report). */
export const selectAcceptedByEmail = (tx: Tx, email: string) =>
  tx
    .select(visible)
    .from(verifiers)
    .where(
      and(
        eq(verifiers.email, email),
        eq(verifiers.kind, "person"),
        eq(verifiers.status, "accepted"),
      ),
    )
    .orderBy(asc(verifiers.invitedAt));

/** The owner's accepted verifiers, locked (a report's confirmations are counted against them). */
export const selectAcceptedForUpdate = (tx: Tx, ownerId: string) =>
  tx
    .select(visible)
    .from(verifiers)
    .where(and(eq(verifiers.ownerId, ownerId), eq(verifiers.status, "accepted")))
    .orderBy(asc(verifiers.invitedAt))
    .for("update");
