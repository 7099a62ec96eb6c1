import { Hono } from "hono";
import { checkInvitationSchema, sendInvitationSchema } from "../../common/invitation-schemas.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseJson, parseWith } from "../http/validate.js";
import { getProfile } from "../profiles/service.js";
import { checkInvitation, sendInvitation } from "./service.js";

export const invitationRoutes = new Hono<AppEnv>()
  .post("/invitations", requireActor, async (c) => {
    const input = await parseJson(c, sendInvitationSchema);
    const { profile } = await getProfile(c.var.deps.db, c.var.actor.id);
    await sendInvitation(c.var.deps, c.var.actor, profile.name, input);
    return c.json({ success: true });
  })
  .get("/invitations/check", async (c) => {
    const { email, code } = parseWith(checkInvitationSchema, { email: c.req.query("email") ?? "", code: c.req.query("code") ?? "" });
    return c.json(await checkInvitation(c.var.deps.db, email, code));
  });
