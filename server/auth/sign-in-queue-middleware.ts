import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/context.js";

const PASSWORD_SIGN_IN = "/api/auth/sign-in/email";

/**
 * Runs at most `limit` of the tasks given to it at once; the others wait their turn, first come
 * first served. A task that fails gives its turn on like one that succeeds.
 */
export function takeTurns(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

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
