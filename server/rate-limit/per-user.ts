import { createMiddleware } from "hono/factory";
import type { ActorProfile } from "../access.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { hit, type Limit } from "./limiter.js";

type ActorEnv = { Variables: AppEnv["Variables"] & { actor: ActorProfile } };

/**
 * Counts the signed-in user's requests to one operation (`name`) against `limit`, whatever the
 * path's id: for routes such as POST /api/invitations/:id/resend, which the per-path rules of
 * rules.ts cannot name. Goes after requireActor.
 */
export const perUserLimit = (name: string, limit: Limit) =>
  createMiddleware<ActorEnv>(async (c, next) => {
    const wait = await hit(c.var.deps.db, `user:${c.var.actor.id}:${name}`, limit);
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      throw new AppError("RATE_LIMITED");
    }
    await next();
  });
