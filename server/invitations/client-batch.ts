import { INVITATION_TTL_DAYS } from "../../common/invitations.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { findFirmNameAndCode } from "../firms/service.js";
import { newLinkToken } from "../keys/link-token.js";
import { enqueueMails } from "../mail/outbox.js";
import type { Mail } from "../mail/templates.js";
import { accountInvitationMail, invitationMail } from "./emails.js";
import {
  insertInvitations,
  lockFirmInvitations,
  selectAccountsByEmail,
  selectInvitedEmails,
} from "./queries.js";

/**
 * Client invitations for many addresses at once, inside the caller's system transaction (client
 * imports, docs/decisions/094): an address the firm has invited before (in any state) is skipped,
 * so a file imported twice invites nobody twice. Each invitation is the one a single invite makes
 * (client role, 7 days, a hashed link); its e-mail goes to the outbox in the same transaction. An
 * address with an account gets the existing-account wording (join with consent, never attached).
 * The firm's reference and notes for an address go with its invitation, never into the e-mail.
 * Returns the addresses skipped.
 */
export async function queueClientInvitations(
  deps: Deps,
  tx: Tx,
  batch: {
    firmId: string;
    invitedBy: string | null;
    inviterName: string;
    emails: string[];
    /** Per address, the firm's own reference and notes (kept private, written at joining). */
    firmDetails?: Map<string, { reference: string | null; notes: string | null }>;
  },
): Promise<Set<string>> {
  const { firmId, invitedBy, inviterName, emails, firmDetails } = batch;
  await lockFirmInvitations(tx, firmId);
  const firm = await findFirmNameAndCode(tx, firmId);
  const skipped = new Set(await selectInvitedEmails(tx, firmId, emails));
  if (!firm) return new Set(emails);
  const accounts = new Map(
    (await selectAccountsByEmail(tx, emails)).map((a) => [a.email, { isInAFirm: !!a.firmId }]),
  );
  const sentAt = new Date();
  const expiresAt = new Date(sentAt.getTime() + INVITATION_TTL_DAYS * 24 * 3600_000);
  const values = [];
  const mails: Mail[] = [];
  for (const to of emails) {
    if (skipped.has(to)) continue;
    const { token, hash } = newLinkToken();
    values.push({
      email: to,
      firmId,
      firmCode: firm.firmCode,
      role: "regular_user" as const,
      tokenHash: hash,
      invitedBy,
      sentAt,
      expiresAt,
      note: null,
      firmReference: firmDetails?.get(to)?.reference ?? null,
      firmNotes: firmDetails?.get(to)?.notes ?? null,
    });
    const common = {
      appUrl: deps.env.APP_URL,
      to,
      firmName: firm.name,
      token,
      expiresAt,
      inviterName,
    };
    const account = accounts.get(to);
    mails.push(
      account
        ? accountInvitationMail({ ...common, isInAFirm: account.isInAFirm })
        : invitationMail({ ...common, role: "regular_user" }),
    );
  }
  await insertInvitations(tx, values);
  await enqueueMails(tx, mails);
  return skipped;
}

/** System: which of `emails` the firm has invited before, in any state (a client import's preview). */
export const findInvitedEmails = (tx: Tx, firmId: string, emails: string[]) =>
  selectInvitedEmails(tx, firmId, emails);
