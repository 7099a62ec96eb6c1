import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { enqueueMail } from "../mail/outbox.js";
import { accountKey } from "../rate-limit/accounts.js";
import { clientErasedMail } from "./emails.js";
import {
  deleteUserRow,
  eraseAuditRows,
  eraseLooseRows,
  selectAccountPerson,
  selectFirmAdminEmails,
} from "./erase-queries.js";
import { selectDueDeletionsForUpdate } from "./queries.js";
import { sweepBlobs } from "../storage/blob-sweep.js";

/** Accounts erased per run at most; the rest wait for the next minute. */
export const ERASE_BATCH = 20;

/**
 * Erases one account whose grace period is over, in one transaction: every row about it goes
 * (erase-queries.ts), its pending releases and firm links end with it, one tombstone stays in the
 * audit log (the user id, nothing else), and a firm client's firm admins are told.
 */
async function eraseAccount(tx: Tx, deps: Deps, userId: string, now: Date) {
  const person = await selectAccountPerson(tx, userId);
  if (!person) return;
  const email = person.email.toLowerCase();
  const admins =
    person.role === "regular_user" && person.firmId
      ? await selectFirmAdminEmails(tx, person.firmId)
      : [];
  await eraseAuditRows(tx, { userId, email });
  await eraseLooseRows(tx, { userId, email, accountKey: accountKey(email) });
  await deleteUserRow(tx, userId);
  await recordAudit(tx, {
    actorId: null,
    action: "account.erased",
    subjectType: "user",
    subjectId: userId,
    at: now,
  });
  for (const to of admins)
    await enqueueMail(
      tx,
      clientErasedMail({
        to,
        firmName: person.firmName ?? "",
        clientName: person.name ?? "",
        clientEmail: person.email,
      }),
    );
}

/**
 * The housekeeping job's part (server/jobs/scheduler.ts): erases the accounts whose erasure is due
 * by the release clock (`deps.clock`, which tests and TEST_CLOCK=1 journeys move). One transaction
 * per account, locked with SKIP LOCKED so that several app processes never erase one twice.
 * Returns how many were erased.
 */
export async function eraseDueAccounts(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let erased = 0;
  while (erased < ERASE_BATCH) {
    const done = await asSystem(deps.db, async (tx) => {
      const [due] = await selectDueDeletionsForUpdate(tx, now, 1);
      if (!due) return false;
      await eraseAccount(tx, deps, due.userId, now);
      return true;
    });
    if (!done) break;
    erased += 1;
  }
  if (erased > 0) {
    deps.wakeMailer();
    await sweepBlobs(deps); // their files' objects, queued by the cascade (docs/decisions/090)
  }
  return erased;
}
