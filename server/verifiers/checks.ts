import { VERIFIER_CHECK_EVERY_DAYS, VERIFIER_CHECK_LINK_DAYS } from "../../common/verifiers.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { newLinkToken } from "../keys/link-token.js";
import { enqueueMail } from "../mail/outbox.js";
import { verifierCheckMail } from "./emails.js";
import { selectDueChecks, selectFirmAdminEmails, selectPerson, updateVerifier } from "./queries.js";
import { addDays } from "../clock.js";
import { auditVerifier } from "./shared.js";

/** Rows claimed per transaction: a short lock, and a sweep of many due rows in a few statements each. */
const BATCH = 100;

/**
 * The yearly "still reachable?" e-mail (docs/decisions/081): each accepted verifier whose check is
 * due gets a one-click link (60 days, only its hash kept; a new one replaces an unanswered one)
 * and its next check a year on, in the transaction that claimed it (FOR UPDATE SKIP LOCKED), so
 * each check is sent once whatever the number of processes sweeping. Returns how many were sent.
 */
export async function runVerifierChecks(deps: Deps): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = deps.clock.now();
    const n = await asSystem(deps.db, async (tx) => {
      const due = await selectDueChecks(tx, now, BATCH);
      for (const row of due) {
        const owner = await selectPerson(tx, row.ownerId);
        const { token, hash } = newLinkToken();
        const expiresAt = addDays(now, VERIFIER_CHECK_LINK_DAYS);
        await updateVerifier(tx, row.id, {
          checkTokenHash: hash,
          checkExpiresAt: expiresAt,
          nextCheckAt: addDays(now, VERIFIER_CHECK_EVERY_DAYS),
        });
        // the firm: its admins, while the owner is still its client; a former firm is not asked
        const isFormerFirm = row.kind === "firm" && owner?.firmId !== row.firmId;
        const recipients =
          row.kind === "person"
            ? [{ to: row.email ?? "", greeting: row.name ?? "" }]
            : isFormerFirm
              ? []
              : (await selectFirmAdminEmails(tx, row.firmId ?? "")).map((to) => ({
                  to,
                  greeting: "there",
                }));
        for (const r of recipients)
          await enqueueMail(
            tx,
            verifierCheckMail(deps.env.APP_URL, {
              ...r,
              ownerName: owner?.name ?? "",
              token,
              expiresAt,
            }),
          );
        await auditVerifier(tx, {
          ownerId: row.ownerId,
          verifierId: row.id,
          action: "verifier.check_sent",
          at: now,
          actorId: null,
          details: { kind: row.kind, verifier: row.email ?? undefined, to: recipients.length },
        });
      }
      return due.length;
    });
    sent += n;
    if (n < BATCH) break;
  }
  if (sent) deps.wakeMailer();
  return sent;
}
