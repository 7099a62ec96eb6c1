import { recordAudit } from "../audit/record.js";
import type { Tx } from "../db/client.js";

/** Every step of a release is audited against its owner, so the plan page can show the timeline. */
export function auditRelease(
  tx: Tx,
  {
    ownerId,
    action,
    at,
    actorId,
    details,
  }: {
    ownerId: string;
    action: string;
    at: Date;
    actorId: string | null;
    details?: Record<string, unknown>;
  },
) {
  return recordAudit(tx, {
    actorId,
    action,
    subjectType: "release",
    subjectId: ownerId,
    at,
    details,
  });
}
