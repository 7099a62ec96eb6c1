import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { INVITATION_TTL_DAYS } from "../../common/constants.js";
import type { sendInvitationSchema } from "../../common/invitation-schemas.js";
import { INVITATION_MSG } from "../../common/invitation-messages.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Db } from "../db/client.js";
import { firms, firmUsers, invitations, profiles } from "../db/schema.js";
import { AppError } from "../errors.js";
import type { Deps } from "../http/context.js";
import { invitationMail } from "./emails.js";
import { findInvitationByToken, findInvitationForEmail } from "./queries.js";
import { hashLinkToken, newLinkToken } from "../keys/link-token.js";

const expiry = () => new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3600_000);

/**
 * Sends (or re-sends) an invitation to join the actor's firm. Re-inviting an unused one
 * gives it a fresh link valid 7 days from now; an accepted one is refused.
 */
export async function sendInvitation(deps: Deps, actor: ActorProfile, inviterName: string, input: z.infer<typeof sendInvitationSchema>) {
  requireAccess(actor, "invitations:send", { firmId: actor.firmId, role: input.role });
  const firmId = actor.firmId ?? "";
  const { token, hash } = newLinkToken();
  const expiresAt = expiry();
  // Invitations are written by the system after the access check (lv_app only reads them).
  const firm = await asSystem(deps.db, async (tx) => {
    const [f] = await tx.select({ name: firms.name, firmCode: firms.firmCode }).from(firms).where(eq(firms.id, firmId));
    if (!f) throw new AppError("NOT_FOUND", INVITATION_MSG.noFirmDetails);
    const existing = await findInvitationForEmail(tx, firmId, input.email);
    if (existing?.used) throw new AppError("CONFLICT", INVITATION_MSG.alreadyAccepted);
    const values = { role: input.role, note: input.note ?? null, invitedBy: actor.id, tokenHash: hash, expiresAt };
    if (existing) await tx.update(invitations).set(values).where(eq(invitations.id, existing.id));
    else await tx.insert(invitations).values({ ...values, email: input.email, firmId, firmCode: f.firmCode });
    await recordAudit(tx, {
      actorId: actor.id,
      action: existing ? "invitation.resent" : "invitation.sent",
      subjectType: "firm",
      subjectId: firmId,
      details: { role: input.role },
    });
    return f;
  });
  await deps.sendMail(invitationMail(deps.env.APP_URL, input.email, firm.name, input.role, token, expiresAt, inviterName, input.note));
}

/** The /register panel: valid only for the invited e-mail, unused and unexpired. */
export async function checkInvitation(db: Db, email: string, code: string) {
  const inv = await findInvitationByToken(db, hashLinkToken(code));
  if (!inv || inv.used || inv.email !== email || inv.expiresAt <= new Date()) return { valid: false as const };
  const [f] = await db.select({ name: firms.name }).from(firms).where(eq(firms.id, inv.firmId));
  return f ? { valid: true as const, firmName: f.name, role: inv.role } : { valid: false as const };
}

/**
 * Registration through an invitation link: marks it used and gives the new account the
 * invited role and firm, once, for the invited e-mail only. Returns false when nothing changed.
 */
export async function acceptInvitation(db: Db, userId: string, email: string, code: string): Promise<boolean> {
  return asSystem(db, async (tx) => {
    const [fresh] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, userId), eq(profiles.role, "regular_user"), isNull(profiles.firmId)))
      .for("update");
    if (!fresh) return false;
    const [inv] = await tx
      .update(invitations)
      .set({ used: true })
      .where(
        and(eq(invitations.tokenHash, hashLinkToken(code)), eq(invitations.email, email), eq(invitations.used, false), gt(invitations.expiresAt, sql`now()`)),
      )
      .returning();
    if (!inv) return false;
    await tx.update(profiles).set({ role: inv.role, firmId: inv.firmId }).where(eq(profiles.id, userId));
    await tx.insert(firmUsers).values({ userId, firmId: inv.firmId }).onConflictDoNothing();
    await recordAudit(tx, { actorId: userId, action: "invitation.accepted", subjectType: "firm", subjectId: inv.firmId, details: { role: inv.role } });
    return true;
  });
}
