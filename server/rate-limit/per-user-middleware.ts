import { createMiddleware } from "hono/factory";
import { FIRM_CODE_MSG } from "../../common/firm-codes.js";
import { FIRM_MSG } from "../../common/firms.js";
import type { Db } from "../db/client.js";
import { AppError } from "../errors.js";
import type { ActorProfile } from "../access.js";
import type { AppEnv } from "../http/context.js";
import { countHit, giveBack, hitAccount, type Hit, type Limit } from "./limiter.js";
import { AUTH_MSG } from "../../common/auth.js";
import {
  CURRENT_PASSWORD_LIMITS,
  FIRM_CODE_MISS_LIMITS,
  FIRM_PASSWORD_LIMITS,
  type PerUserLimits,
} from "./rules.js";

/**
 * Limits keyed by the signed-in account (its user id, as the session says) rather than by an
 * e-mail in the body, so they run after the session is loaded (docs/decisions/018).
 */

type Counter = { key: string; limit: Limit };

/** Counts one hit on each counter: the hits, and the seconds to wait when any is over its limit (else 0). */
async function hitAll(db: Db, counters: Counter[]): Promise<{ hits: Hit[]; wait: number }> {
  const hits: Hit[] = [];
  for (const { key, limit } of counters) hits.push(await countHit(db, { key, limit }));
  return { hits, wait: Math.max(0, ...hits.map((h) => h.wait)) };
}

function countersFor(
  name: string,
  limits: PerUserLimits,
  who: { ip: string; userId: string | null },
): Counter[] {
  const counters = [{ key: `ip:${who.ip}:${name}`, limit: limits.perIp }];
  if (who.userId) counters.push({ key: `user:${who.userId}:${name}`, limit: limits.perAccount });
  return counters;
}

/**
 * A limit on failures only: every request is counted first (so a burst of concurrent requests
 * cannot slip past the limit), and given back once its answer shows it was not a failure, or
 * when it is refused here.
 * Over the limit: 429 with Retry-After, for the address and for the signed-in account alike.
 */
function limitFailures(
  name: string,
  limits: PerUserLimits,
  isFailure: (error: Error | undefined) => boolean,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { db } = c.var.deps;
    const counters = countersFor(name, limits, { ip: c.var.ip, userId: c.var.user?.id ?? null });
    const { hits, wait } = await hitAll(db, counters);
    if (wait > 0) {
      await giveBack(db, hits); // a refused request tried nothing: it does not use up the others' budget (an office's address)
      c.header("Retry-After", String(wait));
      throw new AppError("RATE_LIMITED");
    }
    await next();
    if (!isFailure(c.error)) await giveBack(db, hits);
  });
}

/** Firm codes that find no firm: look-up, join and registration share one budget (rules.ts FIRM_CODE_MISS_LIMITS). */
export const limitFirmCodeMisses = limitFailures(
  "firm-code-miss",
  FIRM_CODE_MISS_LIMITS,
  (error) => error instanceof AppError && error.message === FIRM_CODE_MSG.invalidFirmCode,
);

/** Wrong passwords when an account registers or claims a firm (rules.ts FIRM_PASSWORD_LIMITS). */
export const limitFirmPasswordFailures = limitFailures(
  "firm-password",
  FIRM_PASSWORD_LIMITS,
  (error) => error instanceof AppError && error.message === FIRM_MSG.passwordWrong,
);

/** Wrong current passwords when moving over or changing the password (rules.ts CURRENT_PASSWORD_LIMITS). */
export const limitCurrentPasswordFailures = limitFailures(
  "current-password",
  CURRENT_PASSWORD_LIMITS,
  (error) => error instanceof AppError && error.message === AUTH_MSG.currentPasswordWrong,
);

type ActorEnv = { Variables: AppEnv["Variables"] & { actor: ActorProfile } };

/**
 * Counts the signed-in user's requests to one operation (`name`) against `limit`, whatever the
 * path's id: for routes such as POST /api/invitations/:id/resend, which the per-path rules of
 * rules.ts cannot name. Goes after requireActor.
 */
export const perUserLimit = (name: string, limit: Limit) =>
  createMiddleware<ActorEnv>(async (c, next) => {
    const wait = await hitAccount(c.var.deps.db, { name, userId: c.var.actor.id, limit });
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      throw new AppError("RATE_LIMITED");
    }
    await next();
  });
