import { availableParallelism } from "node:os";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/context.js";
import { takeTurns } from "../take-turns.js";

const PASSWORD_SIGN_IN = "/api/auth/sign-in/email";

/**
 * One turn more than the machine's cores: a sign-in in its turn also waits, for the event loop
 * (a turn of it before each statement, decision 065) or the database, and the extra turn keeps
 * the cores busy meanwhile.
 */
export const defaultSignInTurns = () => availableParallelism() + 1;

/**
 * At most `limit` password sign-ins in progress in this process; the others wait their turn
 * (decision 062). A sign-in is CPU work from end to end (argon2id on the thread pool, its
 * statements on the event loop): a flood of them at once signs no more people in a second than
 * a few at a time, but fills the event loop, and every other request waits behind it.
 */
export function signInQueue(limit: number = defaultSignInTurns()) {
  const inTurn = takeTurns(limit);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "POST" || c.req.path !== PASSWORD_SIGN_IN) return next();
    await inTurn(next);
  });
}
