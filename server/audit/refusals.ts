import { AccessDenied } from "../access.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import { recordAuditOnce } from "./record.js";

/** The record a refusal is about: the owner of a vault, else the firm. */
function subjectOf(err: AccessDenied): { subjectType?: string; subjectId?: string } {
  if (err.resource.ownerId) return { subjectType: "user", subjectId: err.resource.ownerId };
  if (err.resource.firmId) return { subjectType: "firm", subjectId: err.resource.firmId };
  return {};
}

/** What the audit keeps of a refused request: never its body, query string or headers. */
export type RefusedRequest = {
  ip: string | null;
  userId: string | null;
  method: string;
  path: string;
};

/**
 * Audits a refused request, once per key and window (docs/decisions/023): "access.denied" when the
 * access rules refused (the client saw a 404), "request.rate_limited" when a limit did (429).
 * Never the body, the query string or a header. Never throws: the answer matters more than its audit.
 */
export async function auditRefusal(
  deps: Pick<Deps, "db" | "log" | "clock">,
  request: RefusedRequest,
  err: unknown,
): Promise<void> {
  const { db, log, clock } = deps;
  const { ip } = request;
  try {
    if (err instanceof AccessDenied) {
      const subject = subjectOf(err);
      const event = {
        actorId: err.actor.id,
        action: "access.denied",
        ip,
        ...subject,
        details: { permission: err.action },
      };
      await recordAuditOnce(db, event, {
        key: `${err.actor.id}:${err.action}:${subject.subjectId ?? ""}`,
        now: clock.now(),
      });
    } else if (err instanceof AppError && err.code === "RATE_LIMITED") {
      const route = `${request.method} ${request.path}`;
      const event = {
        actorId: request.userId,
        action: "request.rate_limited",
        ip,
        details: { route },
      };
      await recordAuditOnce(db, event, { key: `${ip ?? ""}:${route}`, now: clock.now() });
    }
  } catch (auditErr) {
    log.warn(`audit of a refused request failed: ${describeError(auditErr)}`);
  }
}
