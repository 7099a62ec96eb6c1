import type { Role } from "../../common/app.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import { enqueueClientEvent } from "../webhooks/service.js";
import type { Db, Tx } from "../db/client.js";
import {
  addFirmUser,
  deleteFirmUser,
  lockFreshUser,
  markFirmClaimed,
  promoteFreshUser,
  setFirmOfFreshUser,
  setPendingAdmin,
  setPhoneOfFreshUser,
  setRoleAndFirm,
} from "./membership-queries.js";

/**
 * A person joins or leaves a firm: the one home of these operations (a profile's role and firm,
 * its firm_users row, the firm's claim). Every write is the system's: lv_app cannot write
 * profiles.firm_id. Joining is only ever for a regular_user without a firm.
 */

/**
 * Ties a client (regular_user without a firm) to a firm found by a valid code (/join-firm, or the
 * code given at /register). Returns false when nothing changed.
 */
export async function joinFirmAsClient(
  db: Db,
  join: { userId: string; firmId: string; via: string },
): Promise<boolean> {
  const { userId, firmId, via } = join;
  return asSystem(db, async (tx) => {
    if (!(await setFirmOfFreshUser(tx, userId, firmId))) return false;
    await addFirmUser(tx, userId, firmId);
    await recordAudit(tx, {
      actorId: userId,
      action: "firm.joined",
      subjectType: "firm",
      subjectId: firmId,
      ownerId: userId,
      firmId,
      details: { via },
    });
    await enqueueClientEvent(tx, userId, "client.joined");
    return true;
  });
}

/**
 * Inside the claim's system transaction: makes a fresh regular_user without a firm the firm's first
 * admin and marks the firm claimed. Returns false if the profile is not such a user.
 */
export async function becomeFirstAdmin(
  tx: Tx,
  member: { userId: string; firmId: string; phone: string | null },
): Promise<boolean> {
  if (!(await promoteFreshUser(tx, member))) return false;
  await addFirmUser(tx, member.userId, member.firmId);
  await markFirmClaimed(tx, member.firmId);
  return true;
}

/**
 * Inside the registration's system transaction: a new account given at /firm-register will become
 * the firm's first admin when it confirms its address (decision 073); until then the firm stays
 * unclaimed and its code finds nothing. The phone given for it waits on its profile.
 */
export async function awaitFirstAdmin(
  tx: Tx,
  member: { userId: string; firmId: string; phone: string | null },
): Promise<void> {
  await setPendingAdmin(tx, member.firmId, member.userId);
  if (member.phone) await setPhoneOfFreshUser(tx, member.userId, member.phone);
}

/** The invitation that a new account accepts: its role and firm. */
export type AcceptedInvitation = { role: Role; firmId: string };

/**
 * Registration through an invitation link: gives the new account the invited role and firm, once.
 * `consume` (invitations/) marks the link used in the same transaction, for the invited e-mail
 * only, and answers what it invited to, or nothing. Returns false when nothing changed.
 */
export async function joinByInvitation(
  db: Db,
  accept: { userId: string; consume: (tx: Tx) => Promise<AcceptedInvitation | undefined> },
): Promise<boolean> {
  const { userId, consume } = accept;
  return asSystem(db, async (tx) => {
    if (!(await lockFreshUser(tx, userId))) return false;
    const inv = await consume(tx);
    if (!inv) return false;
    await setRoleAndFirm(tx, userId, { role: inv.role, firmId: inv.firmId });
    await addFirmUser(tx, userId, inv.firmId);
    await recordAudit(tx, {
      actorId: userId,
      action: "invitation.accepted",
      subjectType: "firm",
      subjectId: inv.firmId,
      ownerId: userId,
      firmId: inv.firmId,
      details: { role: inv.role },
    });
    await enqueueClientEvent(tx, userId, "client.joined");
    return true;
  });
}

/** Inside the caller's system transaction: the member leaves the firm (or is removed) and keeps their account as a regular_user. */
export async function leaveFirm(tx: Tx, member: { userId: string; firmId: string }): Promise<void> {
  await setRoleAndFirm(tx, member.userId, { role: "regular_user", firmId: null });
  await deleteFirmUser(tx, member.userId, member.firmId);
}
