import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/context.js";
import { takeTurns } from "../take-turns.js";

const PASSWORD_SIGN_IN = "/api/auth/sign-in/email";

/**
 * At most `limit` password sign-ins in progress in this process; the others wait their turn
 * (decision 062). A sign-in is CPU work from end to end (argon2id on the thread pool, its
 * statements on the event loop): a flood of them at once signs no more people in a second than
 * a few at a time, but fills the event loop, and every other request waits behind it.
 */
export function signInQueue(limit: number) {
  const inTurn = takeTurns(limit);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "POST" || c.req.path !== PASSWORD_SIGN_IN) return next();
    await inTurn(next);
  });
}
