import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_MSG,
  isDeletionConfirmed,
  type AccountDeletionRequestInput,
  type AccountDeletionView,
} from "../../common/account-deletion.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { addDays } from "../clock.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { hashLinkToken, newLinkToken } from "../keys/link-token.js";
import { requireCurrentPassword } from "../auth/current-password.js";
import { enqueueMail } from "../mail/outbox.js";
import { deletionScheduledMail } from "./emails.js";
import { selectAccountPerson } from "./erase-queries.js";
import { presentAccountDeletion } from "./present.js";
import {
  countOtherStayingAdmins,
  deleteDeletionByLink,
  deleteDeletionOf,
  insertDeletion,
  selectOwnDeletion,
} from "./queries.js";

/**
 * Deleting one's own account (issue 15, point 3; docs/decisions/042-account-deletion.md): the
 * request starts a grace period, the person or their e-mailed link cancels it, and at its end the
 * housekeeping job erases the account (erase.ts). better-auth's /delete-user stays disabled.
 */

/** GET /api/account-deletion: the signed-in person's pending deletion, if any. */
export async function getAccountDeletion(
  deps: Deps,
  actor: ActorProfile,
): Promise<AccountDeletionView> {
  requireAccess(actor, "account:delete", { ownerId: actor.id });
  const row = await withActor(deps.db, { userId: actor.id }, (tx) =>
    selectOwnDeletion(tx, actor.id),
  );
  return presentAccountDeletion(row);
}

/**
 * POST /api/account-deletion: the typed address and the password (or its sign-in secret) are
 * checked, a firm's last staying admin is refused, then the grace period starts and the person is
 * e-mailed the cancel link.
 */
export async function requestAccountDeletion(
  deps: Deps,
  actor: ActorProfile,
  { input, ip }: { input: AccountDeletionRequestInput; ip: string },
): Promise<AccountDeletionView> {
  requireAccess(actor, "account:delete", { ownerId: actor.id });
  const person = await asSystem(deps.db, (tx) => selectAccountPerson(tx, actor.id)); // the account's address: not readable under lv_app
  if (!person) throw new AppError("NOT_FOUND");
  if (!isDeletionConfirmed(input.confirmation, person.email))
    throw new AppError("VALIDATION", ACCOUNT_DELETION_MSG.confirmationMismatch, {
      confirmation: ACCOUNT_DELETION_MSG.confirmationMismatch,
    });
  await requireCurrentPassword(deps, actor.id, input.currentPassword);
  const now = deps.clock.now();
  const eraseAt = addDays(now, ACCOUNT_DELETION_GRACE_DAYS);
  const { token, hash } = newLinkToken();
  // as the system: lv_app only reads account_deletions; the admins count reads other profiles
  const row = await asSystem(deps.db, async (tx) => {
    if (actor.role === "firm_admin" && actor.firmId) {
      if ((await countOtherStayingAdmins(tx, actor.firmId, actor.id)) === 0)
        throw new AppError("CONFLICT", ACCOUNT_DELETION_MSG.lastAdmin);
    }
    const inserted = await insertDeletion(tx, {
      userId: actor.id,
      requestedAt: now,
      eraseAt,
      cancelTokenHash: hash,
    });
    if (!inserted) throw new AppError("CONFLICT", ACCOUNT_DELETION_MSG.alreadyPending);
    await enqueueMail(
      tx,
      deletionScheduledMail(deps.env.APP_URL, {
        to: person.email,
        name: person.name ?? "",
        eraseAt,
        token,
      }),
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: "account.deletion_requested",
      subjectType: "user",
      subjectId: actor.id,
      ownerId: actor.id,
      ip,
      at: now,
    });
    return inserted;
  });
  deps.wakeMailer();
  return presentAccountDeletion(row);
}

/** DELETE /api/account-deletion: the signed-in person keeps their account. */
export async function cancelAccountDeletion(
  deps: Deps,
  actor: ActorProfile,
  { ip }: { ip: string },
): Promise<AccountDeletionView> {
  requireAccess(actor, "account:delete", { ownerId: actor.id });
  await asSystem(deps.db, async (tx) => {
    if (!(await deleteDeletionOf(tx, actor.id)))
      throw new AppError("CONFLICT", ACCOUNT_DELETION_MSG.nothingToCancel);
    await auditCancelled(tx, { userId: actor.id, actorId: actor.id, ip, via: "profile" });
  });
  return presentAccountDeletion(null);
}

/** POST /api/account-deletion/cancel-link: the e-mailed link, without a session; it works once. */
export async function cancelAccountDeletionByLink(
  deps: Deps,
  { token, ip }: { token: string; ip: string },
): Promise<void> {
  await asSystem(deps.db, async (tx) => {
    const userId = await deleteDeletionByLink(tx, hashLinkToken(token), deps.clock.now());
    if (!userId) throw new AppError("NOT_FOUND", ACCOUNT_DELETION_MSG.linkInvalid);
    await auditCancelled(tx, { userId, actorId: null, ip, via: "link" });
  });
}

function auditCancelled(
  tx: Parameters<typeof recordAudit>[0],
  { userId, actorId, ip, via }: { userId: string; actorId: string | null; ip: string; via: string },
) {
  return recordAudit(tx, {
    actorId,
    action: "account.deletion_cancelled",
    subjectType: "user",
    subjectId: userId,
    ownerId: userId,
    ip,
    details: { via },
  });
}
