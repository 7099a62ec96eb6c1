import type { Hook } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { ApiScope } from "../../../common/firm-api.js";
import { requireScope } from "../../access.js";
import { authenticateApiKey, recordApiKeyUse, type KeyHolder } from "../../api-keys/service.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../errors.js";
import type { AppEnv } from "../../http/context.js";
import { NUL_MESSAGE, nulPath } from "../../http/validate.js";
import { countHit, giveBack } from "../../rate-limit/limiter.js";
import { API_KEY_LIMIT } from "../../rate-limit/rules.js";

export type KeyEnv = { Variables: AppEnv["Variables"] & { key: KeyHolder } };

/**
 * A firm API key in `Authorization: Bearer` (401 without a valid one), needing `scope` (403), and
 * every use of a valid key audited with its answer's status, refusals included.
 */
export const requireKey = (scope: ApiScope) =>
  createMiddleware<KeyEnv>(async (c, next) => {
    const key = await authenticateApiKey(c.var.deps, c.req.header("authorization"));
    c.set("key", key);
    let status = 500;
    try {
      const wait = await limitKey(c.var.deps.db, key);
      if (wait > 0) {
        c.header("Retry-After", String(wait));
        throw new AppError("RATE_LIMITED");
      }
      requireScope(key, scope);
      await next();
      status = c.res.status;
    } catch (err) {
      status = err instanceof AppError ? err.status : 500;
      throw err;
    } finally {
      await recordApiKeyUse(c.var.deps, key, {
        method: c.req.method,
        path: c.req.path,
        status: c.error instanceof AppError ? c.error.status : status,
        ip: c.var.ip ?? null,
      });
    }
  });

/** Counts a request against its key's API_KEY_LIMIT: the seconds to wait when over (that hit given back), else 0. */
async function limitKey(db: Db, key: KeyHolder): Promise<number> {
  const hit = await countHit(db, { key: `api-key:${key.keyId}`, limit: API_KEY_LIMIT });
  if (hit.wait > 0) await giveBack(db, [hit]); // a refused request did nothing: it is not counted
  return hit.wait;
}

/**
 * What the zod schemas of /api/v1 answer for bad input: the app's one 400 shape, each field's
 * message, and NUL characters refused as everywhere else (server/http/validate.ts).
 */
export const rejectInvalid: Hook<unknown, KeyEnv, string, unknown> = (result) => {
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
    throw new AppError("VALIDATION", result.error.issues[0]?.message, fields);
  }
  const nul = nulPath(result.data);
  if (nul) throw new AppError("VALIDATION", NUL_MESSAGE, { [nul.join(".") || "_"]: NUL_MESSAGE });
};
