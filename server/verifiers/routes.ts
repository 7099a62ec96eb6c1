import { Hono } from "hono";
import {
  addVerifierSchema,
  firmVerifierAnswerSchema,
  verifierAnswerSchema,
  verifierLinkSchema,
  verifierThresholdSchema,
} from "../../common/verifiers.js";
import { requireActor } from "../auth/actor.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { perUserLimit } from "../rate-limit/per-user-middleware.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import { answerCheck, answerInvitation, openInvitation, sendCode } from "./public.js";
import {
  addVerifier,
  answerForFirm,
  getFirmVerifier,
  listVerifiers,
  removeVerifier,
  resendInvitation,
  setThreshold,
} from "./service.js";

/** Adding and resending each e-mail someone: one budget per owner (the form is no way to mail strangers). */
const limitInvites = perUserLimit("verifier-invite", PER_USER_LIMITS.verifierInvite);

/**
 * Verifiers (docs/decisions/081): the owner's list, the firm admins' answer for their firm, and
 * the public routes of a person without an account (each limited per address: rules.ts).
 */
export const verifierRoutes = new Hono<AppEnv>()
  .get("/verifiers", requireActor, async (c) =>
    c.json(await listVerifiers(c.var.deps, c.var.actor)),
  )
  .post("/verifiers", requireActor, limitInvites, async (c) =>
    c.json(await addVerifier(c.var.deps, c.var.actor, await parseJson(c, addVerifierSchema)), 201),
  )
  .put("/verifiers/threshold", requireActor, async (c) => {
    const { threshold } = await parseJson(c, verifierThresholdSchema);
    return c.json(await setThreshold(c.var.deps, c.var.actor, threshold));
  })
  .delete("/verifiers/:id", requireActor, async (c) =>
    c.json(await removeVerifier(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")))),
  )
  .post("/verifiers/:id/resend", requireActor, limitInvites, async (c) =>
    c.json(await resendInvitation(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")))),
  )
  .get("/clients/:id/verifier", requireActor, async (c) =>
    c.json({
      verifier: await getFirmVerifier(
        c.var.deps,
        c.var.actor,
        parseIdParam(c.req.param("id"), "user"),
      ),
    }),
  )
  .post("/clients/:id/verifier", requireActor, async (c) => {
    const { answer } = await parseJson(c, firmVerifierAnswerSchema);
    const clientId = parseIdParam(c.req.param("id"), "user");
    return c.json({
      verifier: await answerForFirm(c.var.deps, c.var.actor, { clientId, answer }),
    });
  })
  // public: a person without an account, by the e-mailed link
  .post("/verifier/invitation", async (c) => {
    const { token } = await parseJson(c, verifierLinkSchema);
    c.header("Cache-Control", "no-store");
    return c.json(await openInvitation(c.var.deps, token));
  })
  .post("/verifier/code", async (c) => {
    const { token } = await parseJson(c, verifierLinkSchema);
    const { retryAfter } = await sendCode(c.var.deps, token);
    if (retryAfter > 0) {
      c.header("Retry-After", String(retryAfter));
      throw new AppError("RATE_LIMITED");
    }
    return c.json({ ok: true });
  })
  .post("/verifier/answer", async (c) => {
    const input = await parseJson(c, verifierAnswerSchema);
    await answerInvitation(c.var.deps, { ...input, ip: c.var.ip });
    return c.json({ ok: true });
  })
  .post("/verifier/check", async (c) => {
    const { token } = await parseJson(c, verifierLinkSchema);
    await answerCheck(c.var.deps, { token, ip: c.var.ip });
    return c.json({ ok: true });
  });
