import type { Db, Tx } from "../db/client.js";
import { auditLog } from "../db/schema.js";

export type AuditEvent = {
  actorId: string | null;
  action: string;
  subjectType?: string;
  subjectId?: string;
  ip?: string | null;
  details?: Record<string, unknown>;
  /** When it happened, if not now (release steps use the release clock). */
  at?: Date;
};

/** Appends a security event. Never put secrets, tokens, codes or vault content in details. */
export async function recordAudit(db: Db | Tx, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    actorId: event.actorId,
    action: event.action,
    subjectType: event.subjectType ?? null,
    subjectId: event.subjectId ?? null,
    ip: event.ip ?? null,
    details: event.details ?? null,
    ...(event.at ? { at: event.at } : {}),
  });
}
