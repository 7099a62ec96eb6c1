import { createMiddleware } from "hono/factory";
import type { ActorProfile } from "../access.js";
import { AppError } from "../errors.js";
import type { AppEnv, SessionUser } from "../http/context.js";
import { getActorProfile } from "../profiles/service.js";

type ActorEnv = { Variables: AppEnv["Variables"] & { user: SessionUser; actor: ActorProfile } };

/** Signed-in users only; puts their role and firm (from the profile) in c.var.actor for the access rules. */
export const requireActor = createMiddleware<ActorEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw new AppError("UNAUTHENTICATED");
  const { id, role, firmId } = await getActorProfile(c.var.deps.db, user.id);
  c.set("actor", { id, role, firmId });
  await next();
});
