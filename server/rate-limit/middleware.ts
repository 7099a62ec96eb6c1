import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { LEGACY_MSG } from "../../common/legacy.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { accountKey, accountsInBody } from "./accounts.js";
import { countHit, giveBack, hit, type Hit } from "./limiter.js";
import { RATE_LIMIT_RULES, type AccountCharge } from "./rules.js";
import { guardSignIn } from "./sign-in-lockout-middleware.js";

/** The portal's answers to a code that was checked (and was wrong, expired or tried too often): each one a guess. */
const CODE_CHECK_ANSWERS = new Set<string>([LEGACY_MSG.codeInvalid, LEGACY_MSG.codeTooManyTries]);

/** Whether the request's answer uses up the per-account limit (rules.ts AccountCharge). */
function isCharged(charge: AccountCharge, c: Context<AppEnv>): boolean {
  if (charge === "sent") return c.res.status >= 200 && c.res.status < 300;
  const { error } = c;
  const isMalformed =
    error instanceof AppError &&
    error.code === "VALIDATION" &&
    !CODE_CHECK_ANSWERS.has(error.message);
  return !isMalformed;
}

export const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  // Hono answers HEAD with the GET handler: the GET rule applies.
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  const rule = RATE_LIMIT_RULES.find((r) => r.method === method && r.path === c.req.path);
  if (!rule) return next();
  const { db } = c.var.deps;
  let wait = await hit(db, { key: `ip:${c.var.ip}:${rule.path}`, limit: rule.perIp });
  const accounts = rule.perAccount || rule.isSignIn ? await accountsInBody(c.req.raw) : null;
  // Counted first, given back after if the answer shows it did not count: concurrent requests each see the ones before them.
  const accountHits: Hit[] = [];
  if (rule.perAccount && accounts) {
    // Both readings, when they differ: whichever the handler uses is counted.
    for (const email of new Set([accounts.asBetterAuth, accounts.asJson])) {
      if (email)
        accountHits.push(
          await countHit(db, {
            key: `acct:${accountKey(email)}:${rule.path}`,
            limit: rule.perAccount,
          }),
        );
    }
  }
  wait = Math.max(wait, ...accountHits.map((h) => h.wait));
  if (wait > 0) {
    await giveBack(db, accountHits); // refused here: it sent nothing, checked nothing
    c.header("Retry-After", String(wait));
    throw new AppError("RATE_LIMITED");
  }
  if (rule.isSignIn && accounts?.asBetterAuth) return guardSignIn(c, next, accounts.asBetterAuth);
  await next();
  if (rule.chargeAccountFor && !isCharged(rule.chargeAccountFor, c))
    await giveBack(db, accountHits);
});
