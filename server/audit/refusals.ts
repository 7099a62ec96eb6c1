import type { Context } from "hono";
import { AccessDenied } from "../access.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { describeError } from "../logger.js";
import { recordAuditOnce } from "./record.js";

/** The record a refusal is about: the owner of a vault, else the firm. */
function subjectOf(err: AccessDenied): { subjectType?: string; subjectId?: string } {
  if (err.resource.ownerId) return { subjectType: "user", subjectId: err.resource.ownerId };
  if (err.resource.firmId) return { subjectType: "firm", subjectId: err.resource.firmId };
  return {};
}

/**
 * Audits a refused request, once per key and window (docs/decisions/023): "access.denied" when the
 * access rules refused (the client saw a 404), "request.rate_limited" when a limit did (429).
 * Never the body, the query string or a header. Never throws: the answer matters more than its audit.
 */
export async function auditRefusal(c: Context<AppEnv>, err: unknown): Promise<void> {
  const { db, log, clock } = c.var.deps;
  const ip = c.var.ip ?? null;
  try {
    if (err instanceof AccessDenied) {
      const subject = subjectOf(err);
      const event = { actorId: err.actor.id, action: "access.denied", ip, ...subject, details: { permission: err.action } };
      await recordAuditOnce(db, event, `${err.actor.id}:${err.action}:${subject.subjectId ?? ""}`, clock.now());
    } else if (err instanceof AppError && err.code === "RATE_LIMITED") {
      const route = `${c.req.method} ${c.req.path}`;
      const event = { actorId: c.var.user?.id ?? null, action: "request.rate_limited", ip, details: { route } };
      await recordAuditOnce(db, event, `${ip ?? ""}:${route}`, clock.now());
    }
  } catch (auditErr) {
    log.warn(`audit of a refused request failed: ${describeError(auditErr)}`);
  }
}
