import { recordAudit } from "../audit/record.js";
import type { Tx } from "../db/client.js";

/** Every step of a release is audited against its owner, so the plan page and the owner's activity timeline show it. */
export function auditRelease(
  tx: Tx,
  {
    ownerId,
    action,
    at,
    actorId,
    details,
    firmId,
  }: {
    ownerId: string;
    action: string;
    at: Date;
    actorId: string | null;
    details?: Record<string, unknown>;
    /** The firm whose admin acted (an attestation): the step is on that firm's timeline too. */
    firmId?: string | null;
  },
) {
  return recordAudit(tx, {
    actorId,
    action,
    subjectType: "release",
    subjectId: ownerId,
    at,
    details,
    ownerId,
    firmId,
  });
}
