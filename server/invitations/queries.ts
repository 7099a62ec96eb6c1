import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { invitations } from "../db/schema/index.js";

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
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1)
    .then((r) => r[0] ?? null);

/** Under withActor (row-level security: the actor's firm only): not accepted, not revoked, not expired; newest first. */
export const listPendingInvitations = (tx: Tx, firmId: string) =>
  tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.firmId, firmId),
        eq(invitations.used, false),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
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
        eq(invitations.tokenHash, link.tokenHash),
        eq(invitations.email, link.email),
        eq(invitations.used, false),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning()
    .then((r) => r[0]);
