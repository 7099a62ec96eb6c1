import { createMiddleware } from "hono/factory";
import { AppError } from "../errors.js";
import type { AppEnv, SessionUser } from "../http/context.js";
import { touchSession } from "./service.js";
import { readSession } from "./session-read.js";

/** Reads the better-auth session cookie (if any) into c.var.user. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const result = await readSession(c.var.deps.auth, c.var.deps.db, c.req.raw.headers);
  c.set("user", result ? result.user : null);
  c.set("sessionId", result ? result.session.id : null);
  if (result)
    await touchSession(c.var.deps.db, {
      userId: result.user.id,
      sessionId: result.session.id,
      lastSeenAt: result.session.lastSeenAt,
    });
  await next();
});

/** Routes behind this see a signed-in user in c.var.user; everyone else gets 401. */
export const requireUser = createMiddleware<{
  Variables: AppEnv["Variables"] & { user: SessionUser };
}>(async (c, next) => {
  if (!c.var.user) throw new AppError("UNAUTHENTICATED");
  await next();
});
