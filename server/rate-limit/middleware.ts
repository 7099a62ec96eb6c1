import { createMiddleware } from "hono/factory";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { hit } from "./limiter.js";
import { RATE_LIMIT_RULES } from "./rules.js";

async function accountOf(req: Request): Promise<string | null> {
  if (!req.headers.get("content-type")?.includes("application/json")) return null;
  try {
    const body = (await req.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

export const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const rule = RATE_LIMIT_RULES.find((r) => r.method === c.req.method && r.path === c.req.path);
  if (!rule) return next();
  const { db } = c.var.deps;
  let wait = await hit(db, `ip:${c.var.ip}:${rule.path}`, rule.perIp);
  const account = rule.perAccount ? await accountOf(c.req.raw) : null;
  if (account && rule.perAccount) wait = Math.max(wait, await hit(db, `acct:${account}:${rule.path}`, rule.perAccount));
  if (wait > 0) {
    c.header("Retry-After", String(wait));
    throw new AppError("RATE_LIMITED");
  }
  return next();
});
