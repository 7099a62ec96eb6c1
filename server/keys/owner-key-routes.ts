import { Hono } from "hono";
import { AUTH_MSG } from "../../common/auth.js";
import {
  changePasswordKeysSchema,
  moveOverKeysSchema,
  recoveryKeySchema,
  resetPasswordKeysSchema,
  signInKdfSchema,
  type DataKeyView,
  type ResetKeysView,
  type SessionKeyView,
  type SignInKdfView,
} from "../../common/keys.js";
import { requireActor } from "../auth/actor.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { parseJson } from "../http/validate.js";
import { limitCurrentPasswordFailures } from "../rate-limit/per-user-middleware.js";
import { presentDataKey, presentSessionKey } from "./owner-keys-present.js";
import {
  changePassword,
  getSessionKey,
  getSignInKdf,
  moveOver,
  replaceRecoveryKey,
} from "./owner-keys-service.js";
import { getResetKeys, resetPassword } from "./password-reset-service.js";
import { getDataKey } from "./service.js";

/** The session requireActor saw (a session always comes with a user). */
const sessionIdOf = (id: string | null) => {
  if (!id) throw new AppError("UNAUTHENTICATED");
  return id;
};

/**
 * The owner's data key and its wraps (docs/decisions/009, 038), for their browser only
 * (Cache-Control: no-store, as every /api/* answer).
 */
export const ownerKeyRoutes = new Hono<AppEnv>()
  .get("/vault/key", requireActor, async (c) => {
    const { stored, dataKey } = await getDataKey(c.var.deps, c.var.actor, c.var.ip);
    const view = presentDataKey(stored, dataKey);
    dataKey?.fill(0);
    return c.json<DataKeyView>(view);
  })
  .get("/vault/session-key", requireActor, async (c) => {
    const sessionId = sessionIdOf(c.var.sessionId);
    const key = await getSessionKey(c.var.deps, c.var.actor, sessionId);
    return c.json<SessionKeyView>(presentSessionKey(key));
  })
  .post("/vault/key/move-over", requireActor, limitCurrentPasswordFailures, async (c) => {
    const input = await parseJson(c, moveOverKeysSchema);
    await moveOver(c.var.deps, c.var.actor, { input, ip: c.var.ip });
    return c.json({ ok: true });
  })
  .put("/vault/key/recovery", requireActor, async (c) => {
    const input = await parseJson(c, recoveryKeySchema);
    await replaceRecoveryKey(c.var.deps, c.var.actor, { input, ip: c.var.ip });
    return c.json({ ok: true });
  })
  .post("/vault/key/password", requireActor, limitCurrentPasswordFailures, async (c) => {
    const input = await parseJson(c, changePasswordKeysSchema);
    const sessionId = sessionIdOf(c.var.sessionId);
    await changePassword(c.var.deps, c.var.actor, { input, sessionId, ip: c.var.ip });
    return c.json({ ok: true });
  });

/** Public (no session): the sign-in salt and the e-mailed reset link; rate limited (rate-limit/rules.ts). */
export const publicKeyRoutes = new Hono<AppEnv>()
  .post("/kdf", async (c) => {
    const { email } = await parseJson(c, signInKdfSchema);
    return c.json<SignInKdfView>(await getSignInKdf(c.var.deps, email));
  })
  .get("/vault/reset", async (c) => {
    const token = c.req.query("token");
    if (!token || token.length > 512) throw new AppError("VALIDATION", AUTH_MSG.linkInvalid);
    return c.json<ResetKeysView>(await getResetKeys(c.var.deps, token));
  })
  .post("/vault/reset", async (c) => {
    const input = await parseJson(c, resetPasswordKeysSchema);
    await resetPassword(c.var.deps, { input, ip: c.var.ip });
    return c.json({ ok: true });
  });
