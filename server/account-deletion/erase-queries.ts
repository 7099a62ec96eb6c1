import { and, eq, or, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  auditLog,
  firms,
  invitations,
  mailOutbox,
  profiles,
  rateLimits,
  releases,
  signInFailures,
  user,
  verification,
} from "../db/schema/index.js";

/**
 * The SQL of erasing one account (docs/decisions/042-account-deletion.md). Most of the account's
 * rows go with its user row (ON DELETE CASCADE: profile, sessions, keys, assets and their files and
 * chunks, beneficiaries, release plan, releases and their links and timers, firm links); these
 * queries reach the rows that name the account without a foreign key.
 */

/** The account's address, its profile's name and role, and its firm (for the mails). */
export async function selectAccountPerson(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: user.id,
      email: user.email,
      name: profiles.name,
      role: profiles.role,
      firmId: profiles.firmId,
      firmName: firms.name,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(firms, eq(firms.id, profiles.firmId))
    .where(eq(user.id, userId));
  return row ?? null;
}

export async function selectFirmAdminEmails(tx: Tx, firmId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.firmId, firmId), eq(profiles.role, "firm_admin")));
  return rows.map((r) => r.email);
}

const mentions = (column: unknown, text: string) =>
  sql`position(${text} in lower(coalesce(${column}::text, ''))) > 0`;

/**
 * Audit rows about the account go: its timeline, rows whose subject it is, its own events that
 * no firm's timeline shows, and rows whose details name it. Its events on a firm's timeline (an
 * invitation sent, a client's vault viewed) stay there without the actor and its address.
 */
export async function eraseAuditRows(tx: Tx, who: { userId: string; email: string }) {
  await tx
    .delete(auditLog)
    .where(
      or(
        eq(auditLog.ownerId, who.userId),
        eq(auditLog.subjectId, who.userId),
        and(eq(auditLog.actorId, who.userId), sql`${auditLog.firmId} is null`),
        mentions(auditLog.details, who.userId.toLowerCase()),
        mentions(auditLog.details, who.email),
      ),
    );
  await tx
    .update(auditLog)
    .set({ actorId: null, ip: null })
    .where(eq(auditLog.actorId, who.userId));
}

/**
 * What names the account by id, address or the address's hash (server/rate-limit/accounts.ts)
 * without a foreign key: the outbox's messages to it or about it (a beneficiary's notice names
 * its owner; sent messages have no body left to name anyone), limiter counters, better-auth's
 * verification rows (reset links hold the user id), invitations to its address, and the
 * "cancelled by" of another owner's release.
 */
export async function eraseLooseRows(
  tx: Tx,
  who: { userId: string; email: string; accountKey: string },
) {
  await tx
    .delete(mailOutbox)
    .where(
      or(
        sql`lower(${mailOutbox.to}) = ${who.email}`,
        mentions(mailOutbox.text, who.email),
        mentions(mailOutbox.text, who.userId.toLowerCase()),
      ),
    );
  await tx
    .delete(rateLimits)
    .where(
      or(
        sql`starts_with(${rateLimits.key}, ${`user:${who.userId}:`})`,
        mentions(rateLimits.key, who.accountKey),
      ),
    );
  await tx.delete(signInFailures).where(eq(signInFailures.accountKey, who.accountKey));
  await tx
    .delete(verification)
    .where(
      or(
        mentions(verification.value, who.userId.toLowerCase()),
        mentions(verification.identifier, who.userId.toLowerCase()),
        mentions(verification.identifier, who.email),
      ),
    );
  await tx.delete(invitations).where(sql`lower(${invitations.email}) = ${who.email}`);
  await tx.update(releases).set({ cancelledBy: null }).where(eq(releases.cancelledBy, who.userId));
}

/** The user row, and with it every row that references it (ON DELETE CASCADE). */
export async function deleteUserRow(tx: Tx, userId: string) {
  const rows = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
  return rows.length;
}
