import { createMiddleware } from "hono/factory";
import { actorOf, type ActorProfile } from "../access.js";
import { AppError } from "../errors.js";
import type { AppEnv, SessionUser } from "../http/context.js";

export type ActorEnv = {
  Variables: AppEnv["Variables"] & { user: SessionUser; actor: ActorProfile };
};

/**
 * Signed-in users only; puts their role and firm in c.var.actor for the access rules. They come
 * with the session (the user row's copy of the profile's, kept by PostgreSQL: migration 0016,
 * docs/decisions/016-actor-in-session.md); no profile yet answers 404, as before.
 */
export const requireActor = createMiddleware<ActorEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw new AppError("UNAUTHENTICATED");
  const actor = actorOf(user);
  if (!actor) throw new AppError("NOT_FOUND");
  c.set("actor", actor);
  await next();
});
