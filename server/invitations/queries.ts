import { and, desc, eq, gt, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  invitationEarlierLinks,
  invitations,
  isPendingOf,
  profiles,
  user,
} from "../db/schema/index.js";

/** How many links sent before the current one keep working (a re-invite extends them too). */
export const EARLIER_LINKS_KEPT = 5;

/** The invitation a link belongs to: its current link, or one sent before it (migration 0026). */
const isLinkOf = (tokenHash: string) =>
  or(
    eq(invitations.tokenHash, tokenHash),
    inArray(
      invitations.id,
      sql`(select ${invitationEarlierLinks.invitationId} from ${invitationEarlierLinks} where ${invitationEarlierLinks.tokenHash} = ${tokenHash})`,
    ),
  );

export const findInvitationForEmail = (tx: Db | Tx, firmId: string, email: string) =>
  tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.firmId, firmId), eq(invitations.email, email)))
    .limit(1)
    .then((r) => r[0] ?? null);

export const findInvitationByToken = (tx: Db | Tx, tokenHash: string) =>
  tx
    .select()
    .from(invitations)
    .where(isLinkOf(tokenHash))
    .limit(1)
    .then((r) => r[0] ?? null);

/** Under withActor (row-level security: the actor's firm only): the pending ones, newest first. */
export const listPendingInvitations = (tx: Tx, firmId: string) =>
  tx
    .select()
    .from(invitations)
    .where(isPendingOf(firmId))
    .orderBy(desc(invitations.sentAt), desc(invitations.id));

/** System: one invitation of `firmId`, locked until the transaction ends (two admins acting at once take turns). */
export const lockFirmInvitation = (tx: Tx, firmId: string, id: string) =>
  tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.firmId, firmId)))
    .for("update")
    .then((r) => r[0] ?? null);

/** System: a fresh link (only its hash), sent by `invitedBy` at `sentAt`, valid until `expiresAt`. */
export const renewInvitation = (
  tx: Tx,
  id: string,
  values: { tokenHash: string; invitedBy: string; sentAt: Date; expiresAt: Date },
) =>
  tx
    .update(invitations)
    .set({ ...values, revokedAt: null })
    .where(eq(invitations.id, id))
    .returning()
    .then((r) => r[0]);

/** System: the link stops working; its hash stays so that it can say it was withdrawn. */
export const revokeInvitation = (tx: Tx, id: string) =>
  tx
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(eq(invitations.id, id));

export type Invitation = typeof invitations.$inferSelect;
type InvitationValues = typeof invitations.$inferInsert;

/** System: a first invitation of this e-mail to the firm. */
export const insertInvitation = (tx: Tx, values: InvitationValues) =>
  tx.insert(invitations).values(values);

/** System: an invitation sent again (a fresh link, role, note, sender and times). */
export const updateInvitation = (tx: Tx, id: string, values: Partial<InvitationValues>) =>
  tx.update(invitations).set(values).where(eq(invitations.id, id));

/** System: marks the invitation of this link and e-mail used, once, while it is neither revoked nor expired; undefined otherwise. */
export const consumeInvitation = (tx: Tx, link: { tokenHash: string; email: string }) =>
  tx
    .update(invitations)
    .set({ used: true })
    .where(
      and(
        isLinkOf(link.tokenHash),
        eq(invitations.email, link.email),
        eq(invitations.used, false),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning()
    .then((r) => r[0]);

/**
 * System: before a pending invitation gets a new link, its current one joins the earlier links,
 * which keep working until the (extended) expiry; only the newest EARLIER_LINKS_KEPT are kept.
 */
export async function keepEarlierLink(tx: Tx, inv: Invitation) {
  await tx
    .insert(invitationEarlierLinks)
    .values({ tokenHash: inv.tokenHash, invitationId: inv.id, sentAt: inv.sentAt })
    .onConflictDoNothing();
  const newest = tx
    .select({ tokenHash: invitationEarlierLinks.tokenHash })
    .from(invitationEarlierLinks)
    .where(eq(invitationEarlierLinks.invitationId, inv.id))
    .orderBy(desc(invitationEarlierLinks.sentAt))
    .limit(EARLIER_LINKS_KEPT);
  await tx
    .delete(invitationEarlierLinks)
    .where(
      and(
        eq(invitationEarlierLinks.invitationId, inv.id),
        notInArray(invitationEarlierLinks.tokenHash, newest),
      ),
    );
}

/** System: an expired or revoked invitation sent again starts afresh: the links sent before stay dead. */
export const dropEarlierLinks = (tx: Tx, invitationId: string) =>
  tx.delete(invitationEarlierLinks).where(eq(invitationEarlierLinks.invitationId, invitationId));

/** System: which of `emails` the firm has invited before (pending, expired, revoked or accepted). */
export const selectInvitedEmails = (tx: Tx, firmId: string, emails: string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : tx
        .select({ email: invitations.email })
        .from(invitations)
        .where(and(eq(invitations.firmId, firmId), inArray(invitations.email, emails)))
        .then((rows) => rows.map((r) => r.email));

/** System: which of `emails` have an account, and whether it belongs to a firm (the e-mail's wording only). */
export const selectAccountsByEmail = (tx: Tx, emails: string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : tx
        .select({ email: user.email, firmId: profiles.firmId })
        .from(user)
        .leftJoin(profiles, eq(profiles.id, user.id))
        .where(inArray(user.email, emails));

/** System: many invitations in one statement. */
export const insertInvitations = (tx: Tx, values: InvitationValues[]) =>
  values.length === 0
    ? Promise.resolve()
    : tx
        .insert(invitations)
        .values(values)
        .then(() => {});

/** System: the firm's invitations to these addresses, one transaction at a time (two imports at once take turns). */
export const lockFirmInvitations = (tx: Tx, firmId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invitations:${firmId}`}, 0))`);
