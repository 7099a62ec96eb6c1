import type { Tx } from "../db/client.js";
import { enqueueMail } from "../mail/outbox.js";
import { appendEvidence } from "../release-evidence/service.js";
import {
  firmAdminEmails,
  getAcceptedVerifiers,
  type AcceptedVerifier,
} from "../verifiers/roles.js";
import { auditRelease } from "./audit.js";
import { escalationClosedMail } from "./escalation-emails.js";
import { closeOpenEscalation } from "./escalation-queries.js";
import { selectPerson } from "./queries.js";

/** The addresses that stand for a verifier: the person's, or each admin's of the firm. */
export const verifierAddresses = async (tx: Tx, v: AcceptedVerifier) =>
  v.kind === "firm" ? firmAdminEmails(tx, v.firmId ?? "") : [v.email ?? ""];

/** Where a verifier answers: a person on the verifiers' page, the firm's admins on the client's page. */
export const verifierLink = (v: AcceptedVerifier) =>
  v.kind === "firm" ? `/clients/${v.ownerId}` : "/verifier/report";

/** Tells every accepted verifier that nothing more is needed (`byName`: the verifier who reached the owner). */
export async function tellVerifiersClosed(
  tx: Tx,
  appUrl: string,
  a: { ownerId: string; byName: string | null; exceptId?: string },
) {
  const owner = await selectPerson(tx, a.ownerId);
  if (!owner) return;
  const { verifiers } = await getAcceptedVerifiers(tx, a.ownerId);
  for (const v of verifiers.filter((x) => x.id !== a.exceptId))
    for (const to of await verifierAddresses(tx, v))
      await enqueueMail(
        tx,
        escalationClosedMail(appUrl, { to, ownerName: owner.name, byName: a.byName }),
      );
}

/** A check-in during an escalation closes it: the verifiers are told nothing more is needed. */
export async function closeEscalationOnCheckIn(
  tx: Tx,
  appUrl: string,
  { ownerId, now, via }: { ownerId: string; now: Date; via: string },
) {
  const closed = await closeOpenEscalation(tx, ownerId, { status: "checked_in", at: now });
  if (!closed) return;
  await tellVerifiersClosed(tx, appUrl, { ownerId, byName: null });
  await appendEvidence(tx, {
    ownerId,
    releaseId: null,
    kind: "escalation_closed",
    at: now,
    actor: { type: "owner", userId: ownerId, via },
    data: { escalationId: closed.id, via },
  });
  await auditRelease(tx, {
    ownerId,
    action: "release.escalation_closed",
    at: now,
    actorId: null,
    details: { escalationId: closed.id, via },
  });
}
