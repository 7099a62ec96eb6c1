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
    .where(and(eq(invitations.firmId, firmId), eq(invitations.used, false), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`)))
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
export const renewInvitation = (tx: Tx, id: string, values: { tokenHash: string; invitedBy: string; sentAt: Date; expiresAt: Date }) =>
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
