import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import { AppError } from "../errors.js";
import type { AppEnv } from "./context.js";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Scripts stay strict. Styles allow inline: sonner and input-otp inject <style> elements
  // (docs/decisions/008); inline CSS cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers every response carries (SECURITY.md, Data). */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header("Content-Security-Policy", CSP);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Frame-Options", "DENY");
  c.header("Cross-Origin-Opener-Policy", "same-origin");
  if (c.req.path.startsWith("/api/")) c.header("Cache-Control", "no-store");
});

/** The peer's address from the socket (not from a spoofable header). */
export const clientIp = createMiddleware<AppEnv>(async (c, next) => {
  let ip = "unknown";
  try {
    ip = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    /* not running on a Node socket (tests without one) */
  }
  c.set("ip", ip);
  await next();
});

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** State-changing API requests must come from the app's own origin (cross-site request protection). */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE.has(c.req.method)) {
    const origin = c.req.header("origin");
    if (origin !== c.var.deps.env.APP_URL) throw new AppError("VALIDATION", "Cross-site request refused");
  }
  await next();
});

export function isLoopback(ip: string): boolean {
  return ip === "127.0.0.1" || ip === "::1" || ip === "::ffff:127.0.0.1" || ip.startsWith("127.");
}
