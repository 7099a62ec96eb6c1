import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { Metrics, SignInOutcome, SignInStep } from "./metrics.js";

const PASSWORD_SIGN_IN = "/api/auth/sign-in/email";
const SECOND_FACTOR = /^\/api\/auth\/two-factor\/verify-(otp|totp|backup-code)$/;
/** better-auth's cookie between the password and the second factor (cookiePrefix "lv", server/auth/auth.ts). */
const TWO_FACTOR_COOKIE = /^(__Secure-)?lv\.two_factor$/;

/**
 * The route pattern that answered, never the raw path (its ids would make a series per record):
 * the first matched handler registered for the request's method (`/api/assets/:id`), else the
 * most specific catch-all (`/api/auth/*`, `/api/*` for an unknown API path), else `/*` (the web
 * app's pages and files).
 * Every value is a pattern written in the code, so the number of series stays bounded.
 */
export function routePattern(c: Context): string {
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  const routes = matchedRoutes(c).filter((r) => r.path !== "*" && r.path !== "/*");
  const handler = routes.find((r) => r.method === method);
  if (handler) return handler.path;
  const widest = routes.sort((a, b) => b.path.length - a.path.length)[0];
  return widest?.path ?? "/*";
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** How a sign-in request ended, read from its answer; null for every other request. */
async function signInOutcome(
  c: Context,
): Promise<{ step: SignInStep; outcome: SignInOutcome } | null> {
  if (c.req.method !== "POST") return null;
  const { path } = c.req;
  const step: SignInStep | null =
    path === PASSWORD_SIGN_IN
      ? "password"
      : SECOND_FACTOR.test(path) && hasTwoFactorCookie(c)
        ? "second_factor"
        : null;
  if (!step) return null;
  const { status } = c.res;
  if (status === 200 && step === "password") {
    // better-auth answers 200 with twoFactorRedirect when a code must follow
    const body = (await c.res
      .clone()
      .json()
      .catch(() => ({}))) as { twoFactorRedirect?: boolean };
    return { step, outcome: body.twoFactorRedirect ? "second_factor_required" : "success" };
  }
  if (status >= 200 && status < 300) return { step, outcome: "success" };
  if (status === 401) return { step, outcome: "failure" };
  if (status === 403) return { step, outcome: "unconfirmed" };
  // a lockout until a password reset has no Retry-After (server/rate-limit/sign-in-lockout.ts)
  if (status === 429)
    return { step, outcome: c.res.headers.has("retry-after") ? "limited" : "locked" };
  return { step, outcome: "error" };
}

function hasTwoFactorCookie(c: Context): boolean {
  return Object.keys(getCookie(c)).some((name) => TWO_FACTOR_COOKIE.test(name));
}

/** Counts and times every request by method, route pattern and status, and sign-ins by outcome. Mounted first. */
export const recordRequests = (metrics: Metrics) =>
  createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    metrics.recordRequest(
      {
        method: METHODS.has(c.req.method) ? c.req.method : "OTHER",
        route: routePattern(c),
        status: c.res.status,
      },
      seconds,
    );
    const signIn = await signInOutcome(c);
    if (signIn) metrics.recordSignIn(signIn.step, signIn.outcome);
  });
