import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { ActorProfile } from "../access.js";
import {
  acceptInvitationSchema,
  checkInvitationSchema,
  sendInvitationSchema,
} from "../../common/invitations.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson, parseWith } from "../http/validate.js";
import { getProfile } from "../profiles/service.js";
import { perUserLimit } from "../rate-limit/per-user-middleware.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import { presentPendingInvitation } from "./present.js";
import {
  acceptAsExistingAccount,
  checkInvitation,
  isReinvite,
  listInvitations,
  resendInvitation,
  revokePendingInvitation,
  sendInvitation,
} from "./service.js";

/** Sending an invitation again (resend, or inviting an address with an unused invitation): one budget per user. */
const limitResends = perUserLimit("invitation-resend", PER_USER_LIMITS.invitationResend);

/** POST /api/invitations to an address already invited is a resend and counts as one; a first invitation does not. */
const limitReinvites = createMiddleware<AppEnv & { Variables: { actor: ActorProfile } }>(
  async (c, next) => {
    const input = await parseJson(c, sendInvitationSchema);
    if (await isReinvite(c.var.deps, c.var.actor, input)) return limitResends(c, next);
    await next();
  },
);

export const invitationRoutes = new Hono<AppEnv>()
  .get("/invitations", requireActor, async (c) => {
    const rows = await listInvitations(c.var.deps, c.var.actor);
    return c.json({ invitations: rows.map(presentPendingInvitation) });
  })
  .post("/invitations", requireActor, limitReinvites, async (c) => {
    const input = await parseJson(c, sendInvitationSchema);
    const { profile } = await getProfile(c.var.deps.db, c.var.actor.id);
    await sendInvitation(c.var.deps, c.var.actor, { ...input, inviterName: profile.name });
    return c.json({ success: true });
  })
  .get("/invitations/check", async (c) => {
    const { email, code } = parseWith(checkInvitationSchema, {
      email: c.req.query("email") ?? "",
      code: c.req.query("code") ?? "",
    });
    return c.json(await checkInvitation(c.var.deps.db, email, code));
  })
  .post("/invitations/accept", requireActor, async (c) => {
    const { code } = await parseJson(c, acceptInvitationSchema);
    const { profile } = await getProfile(c.var.deps.db, c.var.actor.id);
    await acceptAsExistingAccount(c.var.deps, c.var.actor, { email: profile.email, code });
    return c.json({ ok: true });
  })
  .post("/invitations/:id/resend", requireActor, limitResends, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const { profile } = await getProfile(c.var.deps.db, c.var.actor.id);
    const row = await resendInvitation(c.var.deps, c.var.actor, { id, inviterName: profile.name });
    return c.json({ invitation: presentPendingInvitation(row) });
  })
  .post("/invitations/:id/revoke", requireActor, async (c) => {
    await revokePendingInvitation(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")));
    return c.json({ ok: true });
  });
