import { Hono } from "hono";
import { emailChangeLinkSchema, emailChangeRequestSchema } from "../../common/email-change.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseJson } from "../http/validate.js";
import { limitCurrentPasswordFailures, perUserLimit } from "../rate-limit/per-user-middleware.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import {
  cancelEmailChange,
  confirmEmailChange,
  getPendingEmailChange,
  requestEmailChange,
  undoEmailChange,
} from "./service.js";

const limitRequests = perUserLimit("email-change", PER_USER_LIMITS.emailChangeRequest);

/**
 * Changing the account's e-mail address (docs/decisions/043): the signed-in request, the change
 * waiting for its link (read and cancelled from the profile), and the two e-mailed links, which
 * need no session (rate limited per address in rate-limit/rules.ts).
 */
export const emailChangeRoutes = new Hono<AppEnv>()
  .get("/email-change", requireActor, async (c) =>
    c.json(await getPendingEmailChange(c.var.deps, c.var.actor)),
  )
  .delete("/email-change", requireActor, async (c) =>
    c.json(await cancelEmailChange(c.var.deps, c.var.actor, { ip: c.var.ip })),
  )
  .post("/email-change", requireActor, limitRequests, limitCurrentPasswordFailures, async (c) => {
    const input = await parseJson(c, emailChangeRequestSchema);
    return c.json(await requestEmailChange(c.var.deps, c.var.actor, { input, ip: c.var.ip }));
  })
  .post("/email-change/confirm", async (c) => {
    const { token } = await parseJson(c, emailChangeLinkSchema);
    const signedInAs = c.var.user?.id ?? null;
    return c.json(await confirmEmailChange(c.var.deps, { token, signedInAs, ip: c.var.ip }));
  })
  .post("/email-change/undo", async (c) => {
    const { token } = await parseJson(c, emailChangeLinkSchema);
    return c.json(await undoEmailChange(c.var.deps, { token, ip: c.var.ip }));
  });
