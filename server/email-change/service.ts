import {
  EMAIL_CHANGE_CONFIRM_TTL_SECONDS,
  EMAIL_CHANGE_MSG,
  EMAIL_CHANGE_UNDO_TTL_HOURS,
  type EmailChangeDoneView,
  type EmailChangeRequest,
  type EmailChangeRequestedView,
  type PendingEmailChangeView,
} from "../../common/email-change.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError, isUniqueViolation } from "../errors.js";
import { hashLinkToken, newLinkToken } from "../keys/link-token.js";
import { requireCurrentPassword } from "../auth/current-password.js";
import { removeAllPasskeys } from "../passkeys/service.js";
import { asSystemThenMail } from "../mail/as-system-then-mail.js";
import { enqueueMail } from "../mail/outbox.js";
import { clearAccountFailures } from "../rate-limit/sign-in-lockout.js";
import { endSessions } from "../sessions/service.js";
import { addressTakenMail, confirmEmailChangeMail, emailChangedMail } from "./emails.js";
import {
  deleteUnconfirmed,
  deleteUnconfirmedAccount,
  insertEmailChange,
  markConfirmed,
  markUndone,
  moveAddressReferences,
  selectAccount,
  selectAccountByEmail,
  selectByConfirmToken,
  selectByUndoToken,
  selectPending,
  setAccountEmail,
} from "./queries.js";
import { presentPending } from "./present.js";

/**
 * Changing the account's e-mail address (docs/decisions/043-email-change.md). Everything runs as
 * the system after the access check: the account, its links and the addresses that name it are
 * system tables or other owners' rows. Mail is queued in the same transaction.
 */

const HOUR_MS = 60 * 60 * 1000;
const invalidLink = () => new AppError("NOT_FOUND", EMAIL_CHANGE_MSG.linkInvalid);

/**
 * POST /api/email-change: checks the password (its sign-in secret), then mails a confirmation
 * link to the new address. An address that has an account gets a notice instead, and the answer
 * is the same (decision 043): nothing in it tells the two apart.
 */
export async function requestEmailChange(
  deps: Deps,
  actor: ActorProfile,
  { input, ip }: { input: EmailChangeRequest; ip: string },
): Promise<EmailChangeRequestedView> {
  requireAccess(actor, "account:own", { ownerId: actor.id });
  await requireCurrentPassword(deps, actor.id, input.currentPassword);
  const { newEmail } = input;
  await asSystemThenMail(deps, async (tx) => {
    const account = await selectAccount(tx, actor.id);
    if (!account) throw new AppError("UNAUTHENTICATED");
    if (account.email.toLowerCase() === newEmail)
      throw new AppError("VALIDATION", EMAIL_CHANGE_MSG.sameAddress, {
        newEmail: EMAIL_CHANGE_MSG.sameAddress,
      });
    await deleteUnconfirmed(tx, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "auth.email_change_requested",
      subjectType: "user",
      subjectId: actor.id,
      ownerId: actor.id,
      ip,
    });
    const { token, hash } = newLinkToken();
    const expiresAt = new Date(
      deps.clock.now().getTime() + EMAIL_CHANGE_CONFIRM_TTL_SECONDS * 1000,
    );
    // A taken address gets its row too, with a link never sent: the profile then shows the
    // change as waiting either way (GET /api/email-change), and nothing tells the two apart.
    await insertEmailChange(tx, {
      userId: actor.id,
      oldEmail: account.email,
      newEmail,
      confirmTokenHash: hash,
      confirmExpiresAt: expiresAt,
    });
    if (await selectAccountByEmail(tx, newEmail))
      return enqueueMail(tx, addressTakenMail(deps.env.APP_URL, newEmail));
    await enqueueMail(
      tx,
      confirmEmailChangeMail(deps.env.APP_URL, {
        to: newEmail,
        name: account.name,
        link: { token, expiresAt },
      }),
    );
  });
  return { newEmail };
}

/** GET /api/email-change: the signed-in person's change waiting for its link, if any. */
export async function getPendingEmailChange(
  deps: Deps,
  actor: ActorProfile,
): Promise<PendingEmailChangeView> {
  requireAccess(actor, "account:own", { ownerId: actor.id });
  const row = await asSystem(deps.db, (tx) => selectPending(tx, actor.id, deps.clock.now()));
  return presentPending(row);
}

/** DELETE /api/email-change: the waiting change is dropped, its link stops working. */
export async function cancelEmailChange(
  deps: Deps,
  actor: ActorProfile,
  { ip }: { ip: string },
): Promise<PendingEmailChangeView> {
  requireAccess(actor, "account:own", { ownerId: actor.id });
  await asSystem(deps.db, async (tx) => {
    const pending = await selectPending(tx, actor.id, deps.clock.now());
    await deleteUnconfirmed(tx, actor.id);
    if (!pending) throw new AppError("CONFLICT", EMAIL_CHANGE_MSG.nothingToCancel);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "auth.email_change_cancelled",
      subjectType: "user",
      subjectId: actor.id,
      ownerId: actor.id,
      ip,
    });
  });
  return presentPending(null);
}

/**
 * POST /api/email-change/confirm: the link from the new address. It changes only the account it
 * was made for, and only while that account still has the address it had when it was asked; a
 * browser signed in as someone else gets the invalid-link answer and the link keeps working.
 */
export async function confirmEmailChange(
  deps: Deps,
  { token, signedInAs, ip }: { token: string; signedInAs: string | null; ip: string },
): Promise<EmailChangeDoneView> {
  let done: EmailChangeDoneView;
  try {
    done = await asSystemThenMail(deps, async (tx) => {
      const now = deps.clock.now();
      const change = await selectByConfirmToken(tx, hashLinkToken(token), now);
      if (!change || (signedInAs && signedInAs !== change.userId)) throw invalidLink();
      const account = await selectAccount(tx, change.userId);
      if (!account || account.email !== change.oldEmail) throw invalidLink();
      if (await selectAccountByEmail(tx, change.newEmail))
        throw new AppError("CONFLICT", EMAIL_CHANGE_MSG.addressTaken);
      const undo = newLinkToken();
      const undoExpiresAt = new Date(now.getTime() + EMAIL_CHANGE_UNDO_TTL_HOURS * HOUR_MS);
      await setAccountEmail(tx, account.id, change.newEmail, now);
      await moveAddressReferences(tx, { from: account.email.toLowerCase(), to: change.newEmail });
      await markConfirmed(tx, change.id, { now, undoTokenHash: undo.hash, undoExpiresAt });
      await recordAudit(tx, {
        actorId: signedInAs,
        action: "auth.email_changed",
        subjectType: "user",
        subjectId: account.id,
        ownerId: account.id,
        ip,
      });
      await enqueueMail(
        tx,
        emailChangedMail(deps.env.APP_URL, {
          to: change.oldEmail,
          name: account.name,
          newEmail: change.newEmail,
          undo: { token: undo.token, expiresAt: undoExpiresAt },
        }),
      );
      return { email: change.newEmail };
    });
  } catch (err) {
    // an account took the address between the check and the update (user.email is unique)
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", EMAIL_CHANGE_MSG.addressTaken);
    throw err;
  }
  // Failed sign-ins counted against the address before it was this account's are not its owner's (decision 017).
  await clearAccountFailures(deps.db, done.email);
  return done;
}

/**
 * POST /api/email-change/undo: the link from the old address, for 72 hours. The address comes
 * back (from whatever the account uses now), later changes' undo links end, and every session of
 * the account ends. A sign-up that never confirmed the old address meanwhile gives it back.
 */
export async function undoEmailChange(
  deps: Deps,
  { token, ip }: { token: string; ip: string },
): Promise<EmailChangeDoneView> {
  return asSystemThenMail(deps, async (tx) => {
    const now = deps.clock.now();
    const change = await selectByUndoToken(tx, hashLinkToken(token), now);
    const account = change ? await selectAccount(tx, change.userId) : null;
    if (!change || !account) throw invalidLink();
    const holder = await selectAccountByEmail(tx, change.oldEmail);
    if (holder && holder.id !== account.id) {
      const freed = await deleteUnconfirmedAccount(tx, holder.id, account.id);
      if (!freed.length) throw new AppError("CONFLICT", EMAIL_CHANGE_MSG.oldAddressTaken);
    }
    await setAccountEmail(tx, account.id, change.oldEmail, now);
    await moveAddressReferences(tx, { from: account.email.toLowerCase(), to: change.oldEmail });
    await markUndone(tx, account.id, now);
    await endSessions(tx, account.id);
    await removeAllPasskeys(tx, account.id); // someone else may have added one (decision 056)
    await recordAudit(tx, {
      actorId: null,
      action: "auth.email_change_undone",
      subjectType: "user",
      subjectId: account.id,
      ownerId: account.id,
      ip,
    });
    return { email: change.oldEmail };
  });
}
