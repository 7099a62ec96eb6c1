import { VERIFIER_CHECK_EVERY_DAYS, VERIFIER_INVITE_DAYS } from "../../common/verifiers.js";
import { recordAudit } from "../audit/record.js";
import { addDays } from "../clock.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { newLinkToken } from "../keys/link-token.js";
import { enqueueMail } from "../mail/outbox.js";
import { firmVerifierInviteMail, verifierInviteMail } from "./emails.js";
import {
  countEligible,
  deleteThreshold,
  selectFirmAdminEmails,
  selectThreshold,
  updateVerifier,
  upsertThreshold,
  type FullVerifierRow,
} from "./queries.js";

/**
 * Keeps k within 1..n, n the verifiers who have not declined (decision 081): the first verifier
 * sets k = 1; a removal or a decline that leaves fewer than k lowers k to n; none leaves no k.
 */
export async function fitThreshold(tx: Tx, ownerId: string): Promise<number | null> {
  const n = await countEligible(tx, ownerId);
  const k = await selectThreshold(tx, ownerId);
  if (n === 0) {
    if (k !== null) await deleteThreshold(tx, ownerId);
    return null;
  }
  const fitted = k === null ? 1 : Math.min(k, n);
  if (fitted !== k) await upsertThreshold(tx, ownerId, fitted);
  return fitted;
}

/** Every step is audited against the owner (their activity) with the verifier as subject; never a token or code. */
export const auditVerifier = (
  tx: Tx,
  e: {
    ownerId: string;
    verifierId: string | null;
    action: string;
    at: Date;
    actorId: string | null;
    ip?: string | null;
    details?: Record<string, unknown>;
  },
) =>
  recordAudit(tx, {
    actorId: e.actorId,
    action: e.action,
    subjectType: "verifier",
    subjectId: e.verifierId ?? undefined,
    ownerId: e.ownerId,
    at: e.at,
    ip: e.ip ?? null,
    details: e.details,
  });

/**
 * (Re)invites a verifier: a person gets a fresh link (7 days; only its hash kept, any code before
 * it void); the firm's admins get an e-mail pointing at the client's page. Status back to invited.
 */
export async function sendInvitation(
  tx: Tx,
  deps: Deps,
  { row, owner, now }: { row: FullVerifierRow; owner: { id: string; name: string }; now: Date },
) {
  if (row.kind === "firm") {
    await updateVerifier(tx, row.id, { status: "invited", invitedAt: now, respondedAt: null });
    for (const to of await selectFirmAdminEmails(tx, row.firmId ?? ""))
      await enqueueMail(
        tx,
        firmVerifierInviteMail(deps.env.APP_URL, { to, ownerName: owner.name, clientId: owner.id }),
      );
    return;
  }
  const { token, hash } = newLinkToken();
  const expiresAt = addDays(now, VERIFIER_INVITE_DAYS);
  await updateVerifier(tx, row.id, {
    status: "invited",
    invitedAt: now,
    respondedAt: null,
    inviteTokenHash: hash,
    inviteExpiresAt: expiresAt,
    codeHash: null,
    codeExpiresAt: null,
    codeAttempts: 0,
  });
  await enqueueMail(
    tx,
    verifierInviteMail(deps.env.APP_URL, {
      to: row.email ?? "",
      verifierName: row.name ?? "",
      ownerName: owner.name,
      token,
      expiresAt,
    }),
  );
}

/** After an acceptance: the next yearly check is due a year on; accepting counts as an answer. */
export const acceptedFields = (now: Date) => ({
  status: "accepted" as const,
  respondedAt: now,
  lastAnsweredAt: now,
  nextCheckAt: addDays(now, VERIFIER_CHECK_EVERY_DAYS),
});
