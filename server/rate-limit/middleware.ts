import { createMiddleware } from "hono/factory";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { accountKey, accountsInBody } from "./accounts.js";
import { hit } from "./limiter.js";
import { RATE_LIMIT_RULES } from "./rules.js";
import { guardSignIn } from "./sign-in-lockout.js";

export const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const rule = RATE_LIMIT_RULES.find((r) => r.method === c.req.method && r.path === c.req.path);
  if (!rule) return next();
  const { db } = c.var.deps;
  let wait = await hit(db, `ip:${c.var.ip}:${rule.path}`, rule.perIp);
  const accounts = rule.perAccount || rule.isSignIn ? await accountsInBody(c.req.raw) : null;
  if (rule.perAccount && accounts) {
    // Both readings, when they differ: whichever the handler uses is counted.
    for (const email of new Set([accounts.asBetterAuth, accounts.asJson])) {
      if (email) wait = Math.max(wait, await hit(db, `acct:${accountKey(email)}:${rule.path}`, rule.perAccount));
    }
  }
  if (wait > 0) {
    c.header("Retry-After", String(wait));
    throw new AppError("RATE_LIMITED");
  }
  if (rule.isSignIn && accounts?.asBetterAuth) return guardSignIn(c, next, accounts.asBetterAuth);
  return next();
});
