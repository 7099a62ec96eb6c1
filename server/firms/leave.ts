import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { enqueueMail } from "../mail/outbox.js";
import { clientLeftMail } from "./emails.js";
import { leaveFirm } from "./membership.js";
import { lockClient, selectFirmAdmins } from "./membership-queries.js";
import { selectFirmName } from "./queries.js";

/**
 * Release's cancelFirmAttestation, handed in by the flow that routes the leaving
 * (server/flows/firm-membership/): in the leaving's transaction, cancels a release this firm's
 * attestation started; true if it did.
 */
type CancelFirmAttestation = (
  tx: Tx,
  deps: Deps,
  member: { ownerId: string; firmId: string },
) => Promise<boolean>;

/**
 * Verifiers' forgetFirm, handed in by the same flow: in the leaving's transaction, the firm stops
 * being the client's verifier (decision 081).
 */
type ForgetFirmVerifier = CancelFirmAttestation;

/**
 * POST /api/firm/leave (decision 047): a client leaves their firm. In one system transaction the
 * profile loses its firm (the firm's client list, client detail and 'View as Client' answer 404 from
 * the next request), a release this firm's attestation started is cancelled, the event goes on
 * both timelines and every admin of the firm is e-mailed. Only ever the caller themselves; staff and
 * admins leave through an admin (staff removal), so for them this is the usual 404.
 */
export async function leaveFirmAsClient(
  deps: Deps,
  actor: ActorProfile,
  {
    cancelFirmAttestation,
    forgetFirmVerifier,
  }: { cancelFirmAttestation: CancelFirmAttestation; forgetFirmVerifier: ForgetFirmVerifier },
) {
  requireAccess(actor, "firm:leave", { firmId: actor.firmId });
  const left = await asSystem(deps.db, async (tx) => {
    const client = await lockClient(tx, actor.id);
    const firmId = client?.firmId;
    if (!client || !firmId) throw new AppError("NOT_FOUND");
    const firm = await selectFirmName(tx, firmId);
    if (!firm) throw new AppError("NOT_FOUND");
    await leaveFirm(tx, { userId: client.id, firmId });
    const isAttestationCancelled = await cancelFirmAttestation(tx, deps, {
      ownerId: client.id,
      firmId,
    });
    await forgetFirmVerifier(tx, deps, { ownerId: client.id, firmId });
    await recordAudit(tx, {
      actorId: client.id,
      action: "firm.left",
      subjectType: "firm",
      subjectId: firmId,
      ownerId: client.id,
      firmId,
      details: isAttestationCancelled ? { attestationCancelled: true } : undefined,
    });
    for (const admin of await selectFirmAdmins(tx, firmId))
      await enqueueMail(
        tx,
        clientLeftMail({ appUrl: deps.env.APP_URL, to: admin.email, firmName: firm.name, client }),
      );
    return { id: firmId, name: firm.name };
  });
  deps.wakeMailer();
  return left;
}
