import { Hono } from "hono";
import {
  authenticatorCodeSchema,
  twoFactorPasswordSchema,
} from "../../common/two-factor-schemas.js";
import { requireActor } from "../auth/actor.js";
import { callerOf } from "../auth/caller-of.js";
import type { AppEnv } from "../http/context.js";
import { passSetCookies } from "../http/cookies.js";
import { parseJson } from "../http/validate.js";
import { limitCurrentPasswordFailures, perUserLimit } from "../rate-limit/per-user-middleware.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import {
  confirmAuthenticator,
  createAuthenticator,
  getTwoFactor,
  removeAuthenticator,
  renewRecoveryCodes,
} from "./service.js";

const limitConfirm = perUserLimit("authenticator-confirm", PER_USER_LIMITS.authenticatorConfirm);
const limitChanges = perUserLimit("factor-change", PER_USER_LIMITS.factorChange);

/** The account's sign-in protection: authenticator app and recovery codes (docs/decisions/052). */
export const twoFactorRoutes = new Hono<AppEnv>()
  .get("/two-factor", requireActor, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getTwoFactor(c.var.deps, c.var.actor));
  })
  .post("/two-factor/authenticator", requireActor, limitCurrentPasswordFailures, async (c) => {
    const { password } = await parseJson(c, twoFactorPasswordSchema);
    c.header("Cache-Control", "no-store");
    return c.json(await createAuthenticator(c.var.deps, callerOf(c), password));
  })
  .post("/two-factor/authenticator/confirm", requireActor, limitConfirm, async (c) => {
    const { code } = await parseJson(c, authenticatorCodeSchema);
    const headers = await confirmAuthenticator(c.var.deps, callerOf(c), code);
    passSetCookies(c, headers); // better-auth turned protection on and replaced the session
    return c.body(null, 204);
  })
  .delete(
    "/two-factor/authenticator",
    requireActor,
    limitChanges,
    limitCurrentPasswordFailures,
    async (c) => {
      const { password } = await parseJson(c, twoFactorPasswordSchema);
      await removeAuthenticator(c.var.deps, callerOf(c), password);
      return c.body(null, 204);
    },
  )
  .post(
    "/two-factor/recovery-codes",
    requireActor,
    limitChanges,
    limitCurrentPasswordFailures,
    async (c) => {
      const { password } = await parseJson(c, twoFactorPasswordSchema);
      c.header("Cache-Control", "no-store");
      return c.json(await renewRecoveryCodes(c.var.deps, callerOf(c), password));
    },
  );
