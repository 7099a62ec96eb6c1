import type { z } from "zod";
import {
  INVITATION_MSG,
  INVITATION_TTL_DAYS,
  type InvitationCheckResult,
  type sendInvitationSchema,
} from "../../common/invitations.js";
import { can, requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { keepImportedFirmDetails } from "../clients/service.js";
import { joinByInvitation } from "../firms/membership.js";
import { findFirmName, findFirmNameAndCode, mailBrandOf } from "../firms/service.js";
import { invitationMail } from "./emails.js";
import {
  consumeInvitation,
  dropEarlierLinks,
  keepEarlierLink,
  findInvitationByToken,
  type Invitation,
  findInvitationForEmail,
  insertInvitation,
  listPendingInvitations,
  lockFirmInvitation,
  renewInvitation,
  revokeInvitation,
  updateInvitation,
} from "./queries.js";
import { hashLinkToken, newLinkToken } from "../keys/link-token.js";
import { enqueueMail } from "../mail/outbox.js";

/** Pending: neither accepted, revoked nor expired. Its links keep working when it is sent again. */
const isPending = (inv: Invitation) => !inv.used && !inv.revokedAt && inv.expiresAt > new Date();

/**
 * Before a new link replaces the current one: a pending invitation keeps the links sent before
 * (the re-invite extends them to the new expiry, spec 01 §4); an expired or revoked one starts afresh.
 */
const rememberLinks = (tx: Tx, inv: Invitation) =>
  isPending(inv) ? keepEarlierLink(tx, inv) : dropEarlierLinks(tx, inv.id);

/** A link sent now and valid for 7 days from now. */
const freshTimes = () => {
  const sentAt = new Date();
  return { sentAt, expiresAt: new Date(sentAt.getTime() + INVITATION_TTL_DAYS * 24 * 3600_000) };
};

/**
 * Whether sending this would send an unused invitation of the actor's firm again (pending,
 * expired or revoked): that is a resend, counted against the same per-user limit (routes.ts).
 * False for anyone who may not send it (sendInvitation refuses them): they learn nothing from a 429.
 */
export async function isReinvite(
  deps: Deps,
  actor: ActorProfile,
  input: Pick<z.infer<typeof sendInvitationSchema>, "email" | "role">,
): Promise<boolean> {
  const firmId = actor.firmId;
  if (!firmId || !can(actor, "invitations:send", { firmId, role: input.role })) return false;
  const existing = await asSystem(deps.db, (tx) => findInvitationForEmail(tx, firmId, input.email));
  return !!existing && !existing.used;
}

/**
 * Sends (or re-sends) an invitation to join the actor's firm. Re-inviting an unused one
 * sends a new link and extends it to 7 days from now; while it was pending, the links sent before
 * keep working too (spec 01 §4). An accepted one is refused. A revoked one is
 * invited again only by those who may revoke (invitations:manage, the firm's admins): staff are
 * told to ask an admin, and nothing changes (docs/decisions/022).
 */
export async function sendInvitation(
  deps: Deps,
  actor: ActorProfile,
  invite: z.infer<typeof sendInvitationSchema> & { inviterName: string },
) {
  const { inviterName, ...input } = invite;
  // About the actor alone: someone in no firm is told so (spec 01 §8), whatever they asked for.
  if (!actor.firmId) throw new AppError("NOT_FOUND", INVITATION_MSG.notAssociated);
  requireAccess(actor, "invitations:send", { firmId: actor.firmId, role: input.role });
  const firmId = requireFirm(actor);
  const { token, hash } = newLinkToken();
  const times = freshTimes();
  // Invitations are written by the system after the access check (lv_app only reads them).
  const firm = await asSystem(deps.db, async (tx) => {
    const f = await findFirmNameAndCode(tx, firmId);
    if (!f) throw new AppError("NOT_FOUND", INVITATION_MSG.noFirmDetails);
    const existing = await findInvitationForEmail(tx, firmId, input.email);
    if (existing?.used) throw new AppError("CONFLICT", INVITATION_MSG.alreadyAccepted);
    if (existing?.revokedAt && !can(actor, "invitations:manage", { firmId }))
      throw new AppError("CONFLICT", INVITATION_MSG.adminMustReinvite);
    // An admin inviting again also takes back a revocation: the new link works.
    const values = {
      role: input.role,
      note: input.note ?? null,
      invitedBy: actor.id,
      tokenHash: hash,
      ...times,
      revokedAt: null,
    };
    if (existing) {
      await rememberLinks(tx, existing);
      await updateInvitation(tx, existing.id, values);
    } else
      await insertInvitation(tx, { ...values, email: input.email, firmId, firmCode: f.firmCode });
    await recordAudit(tx, {
      actorId: actor.id,
      action: existing ? "invitation.resent" : "invitation.sent",
      subjectType: "firm",
      subjectId: firmId,
      firmId,
      details: { role: input.role },
    });
    return f;
  });
  await deps.sendMail(
    invitationMail({
      appUrl: deps.env.APP_URL,
      to: input.email,
      firmName: firm.name,
      role: input.role,
      token,
      expiresAt: times.expiresAt,
      inviterName,
      note: input.note,
      brand: mailBrandOf(firm, deps.env.APP_URL),
    }),
  );
}

/**
 * The /register panel: valid only for the invited e-mail, unused, not revoked and unexpired. A revoked
 * link says so, to its holder only (the right e-mail and code): the firm's choice, not a typo.
 */
export async function checkInvitation(
  db: Db,
  email: string,
  code: string,
): Promise<InvitationCheckResult> {
  const inv = await findInvitationByToken(db, hashLinkToken(code));
  if (!inv || inv.used || inv.email !== email) return { valid: false };
  if (inv.revokedAt) return { valid: false, reason: "revoked" };
  if (inv.expiresAt <= new Date()) return { valid: false };
  const f = await findFirmName(db, inv.firmId);
  return f ? { valid: true, firmName: f.name, role: inv.role } : { valid: false };
}

/** The firm's pending invitations (firm_admin): not accepted, not revoked, not expired. */
export async function listInvitations(deps: Deps, actor: ActorProfile) {
  requireAccess(actor, "invitations:manage", { firmId: actor.firmId });
  return withActor(deps.db, { userId: actor.id }, (tx) =>
    listPendingInvitations(tx, requireFirm(actor)),
  );
}

/** Loads one of the actor's firm's invitations as the system, locked (404 for any other); accepted or revoked ones are not pending. */
async function changePending<T>(
  deps: Deps,
  actor: ActorProfile,
  pending: { id: string; change: (tx: Tx, inv: Invitation) => Promise<T> },
): Promise<T> {
  requireAccess(actor, "invitations:manage", { firmId: actor.firmId });
  // Invitations are written by the system after the access check (lv_app only reads them).
  return asSystem(deps.db, async (tx) => {
    const inv = await lockFirmInvitation(tx, requireFirm(actor), pending.id);
    if (!inv) throw new AppError("NOT_FOUND");
    if (inv.used || inv.revokedAt) throw new AppError("CONFLICT", INVITATION_MSG.notPending);
    return pending.change(tx, inv);
  });
}

/**
 * E-mails a new link and extends the invitation to 7 days from now, in one transaction; the links
 * sent before keep working until then (spec 01 §4). Expired invitations may be resent too (the
 * admin's list may be old): their old links stay dead.
 */
export async function resendInvitation(
  deps: Deps,
  actor: ActorProfile,
  resend: { id: string; inviterName: string },
) {
  const { token, hash } = newLinkToken();
  const row = await changePending(deps, actor, {
    id: resend.id,
    change: async (tx, inv) => {
      const times = freshTimes();
      await rememberLinks(tx, inv);
      const renewed = await renewInvitation(tx, inv.id, {
        tokenHash: hash,
        invitedBy: actor.id,
        ...times,
      });
      if (!renewed) throw new AppError("NOT_FOUND");
      const f = await findFirmName(tx, inv.firmId);
      await enqueueMail(
        tx,
        invitationMail({
          appUrl: deps.env.APP_URL,
          to: inv.email,
          firmName: f?.name ?? "your firm",
          brand: f ? mailBrandOf(f, deps.env.APP_URL) : undefined,
          role: inv.role,
          token,
          expiresAt: times.expiresAt,
          inviterName: resend.inviterName,
          note: inv.note ?? undefined,
        }),
      );
      await recordAudit(tx, {
        actorId: actor.id,
        action: "invitation.resent",
        subjectType: "invitation",
        subjectId: inv.id,
        firmId: inv.firmId,
        details: { role: inv.role },
      });
      return renewed;
    },
  });
  deps.wakeMailer();
  return row;
}

/** Takes the invitation back: its link answers that it was withdrawn. */
export async function revokePendingInvitation(deps: Deps, actor: ActorProfile, id: string) {
  await changePending(deps, actor, {
    id,
    change: async (tx, inv) => {
      await revokeInvitation(tx, inv.id);
      await recordAudit(tx, {
        actorId: actor.id,
        action: "invitation.revoked",
        subjectType: "invitation",
        subjectId: inv.id,
        firmId: inv.firmId,
        details: { role: inv.role },
      });
    },
  });
}

/**
 * Registration through an invitation link: marks it used and gives the new account the
 * invited role and firm, once, for the invited e-mail only (firms/membership.ts). Returns false when nothing changed.
 */
export function acceptInvitation(
  db: Db,
  accept: { userId: string; email: string; code: string },
): Promise<boolean> {
  const link = { tokenHash: hashLinkToken(accept.code), email: accept.email };
  return joinByInvitation(db, {
    userId: accept.userId,
    consume: async (tx) => {
      const inv = await consumeInvitation(tx, link);
      // A client import's matter reference and note (decision 094): the firm's, onto the client.
      if (inv?.role === "regular_user")
        await keepImportedFirmDetails(tx, {
          firmId: inv.firmId,
          clientId: accept.userId,
          reference: inv.firmReference,
          notes: inv.firmNotes,
          invitedBy: inv.invitedBy,
        });
      return inv;
    },
  });
}

/**
 * An existing account, signed in and in no firm, accepts a client invitation sent to its own
 * address, after /join-firm showed what the firm would see (decision 094): the same single-use,
 * e-mail-bound link as at registration. Someone already in a firm, another address's link, a used,
 * revoked or expired one all answer 404 and change nothing.
 */
export async function acceptAsExistingAccount(
  deps: Deps,
  actor: ActorProfile,
  accept: { email: string; code: string },
) {
  requireAccess(actor, "firm:join");
  const isJoined = await acceptInvitation(deps.db, { userId: actor.id, ...accept });
  if (!isJoined) throw new AppError("NOT_FOUND", INVITATION_MSG.invitationInvalidText);
}
