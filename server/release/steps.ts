import { clientFirmOf } from "../access.js";
import { DEFAULT_WAIT_DAYS, RELEASE_MSG } from "../../common/release.js";
import type { Tx } from "../db/client.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { findFirmMailBrand } from "../firms/service.js";
import { enqueueMail } from "../mail/outbox.js";
import { appendEvidence } from "../release-evidence/service.js";
import { firmAdminEmails, getAcceptedVerifiers } from "../verifiers/roles.js";
import { beneficiaryNames } from "../beneficiaries/service.js";
import { auditRelease } from "./audit.js";
import { closeEscalationOnCheckIn } from "./escalation-close.js";
import { endIncapacity } from "../incapacity/steps.js";
import {
  beneficiaryReleasedMail,
  ownerReleasedMail,
  releaseCancelledMail,
  verifierWaitCancelledMail,
} from "./emails.js";
import {
  INACTIVITY_TIMER_KINDS,
  deletePendingTimers,
  insertReleaseItems,
  insertTimers,
  markAssetsReleased,
  markLinksUsed,
  markReleaseCancelled,
  markReleaseReleased,
  selectOpenRelease,
  selectPerson,
  selectPlan,
  updatePlanCheckIn,
  type PlanRow,
  type ReleaseRow,
} from "./queries.js";
import { startMessageClocks } from "../messages/service.js";
import { dateReleasedItems } from "../deliveries/service.js";
import { closeEarlyWishes } from "../wishes/early.js";
import { accessEndsAt, inactivityEndsAt, reminderTimes } from "./schedule.js";

/** The steps of a release, each inside the caller's transaction: its e-mails and audit rows commit with it or not at all. */

/** Replaces the pending inactivity timers with those of the current plan (none when it is off or a release is open). */
export async function rescheduleInactivity(tx: Tx, plan: PlanRow, now: Date) {
  await deletePendingTimers(tx, { userId: plan.userId, kinds: INACTIVITY_TIMER_KINDS });
  const endsAt = inactivityEndsAt(plan.lastCheckInAt, plan.inactivityMonths, plan.pausedUntil);
  if (!endsAt || (await selectOpenRelease(tx, plan.userId))) return;
  await insertTimers(tx, [
    ...reminderTimes(endsAt, now).map((r) => ({
      kind: "inactivity_reminder",
      userId: plan.userId,
      dueAt: r.at,
      details: { daysBefore: r.daysBefore },
    })),
    { kind: "inactivity_end", userId: plan.userId, dueAt: endsAt },
  ]);
}

export type CheckInVia = "sign_in" | "link" | "cancel" | "verifier" | "pause";

/**
 * A check-in: the inactivity period starts again from `now` (or from the end of a pause), and an
 * open escalation closes, its verifiers told (decision 085; a verifier's "reached" closes it first).
 */
export async function checkIn(
  tx: Tx,
  plan: PlanRow,
  {
    now,
    actorId,
    via,
    appUrl,
  }: { now: Date; actorId: string | null; via: CheckInVia; appUrl: string },
) {
  const updated = await updatePlanCheckIn(tx, plan.userId, now);
  if (!updated) return;
  await closeEscalationOnCheckIn(tx, appUrl, { ownerId: plan.userId, now, via });
  // the owner is back: caregivers' access ends at once (decision 093). A verifier's "I reached
  // them" is not the owner's own act: someone reachable may still be unable to act.
  if (via !== "verifier")
    await endIncapacity(tx, {
      ownerId: plan.userId,
      via: via === "sign_in" ? "sign_in" : "check_in",
      actorId,
      now,
    });
  await rescheduleInactivity(tx, updated, now);
  await appendEvidence(tx, {
    ownerId: plan.userId,
    releaseId: null,
    kind: "checked_in",
    at: now,
    actor: { type: "owner", userId: plan.userId, via },
    data: {
      inactivityEndsAt:
        inactivityEndsAt(now, updated.inactivityMonths, updated.pausedUntil)?.toISOString() ?? null,
    },
  });
  await auditRelease(tx, {
    ownerId: plan.userId,
    action: "release.check_in",
    at: now,
    actorId,
    details: { via },
  });
}

/** Cancels a waiting release: nothing is released, its timers and links go, and the inactivity period starts again. */
export async function cancelRelease(
  tx: Tx,
  deps: Deps,
  {
    release,
    now,
    actorId,
    via,
  }: {
    release: ReleaseRow;
    now: Date;
    actorId: string | null;
    via: "owner" | "link" | "left_firm";
  },
) {
  if (release.status !== "waiting") throw new AppError("CONFLICT", RELEASE_MSG.nothingToCancel);
  await markReleaseCancelled(tx, release.id, { cancelledAt: now, cancelledBy: actorId ?? via });
  await deletePendingTimers(tx, { userId: release.userId, releaseId: release.id });
  await markLinksUsed(tx, release.id, now);
  await appendEvidence(tx, {
    ownerId: release.userId,
    releaseId: release.id,
    kind: "release_cancelled",
    at: now,
    actor: { type: "owner", userId: release.userId, via },
    data: { via },
  });
  await auditRelease(tx, {
    ownerId: release.userId,
    action: "release.cancelled",
    at: now,
    actorId,
    details: { via },
  });
  const owner = await selectPerson(tx, release.userId);
  if (owner)
    await enqueueMail(
      tx,
      releaseCancelledMail(
        deps.env.APP_URL,
        owner.email,
        owner.name,
        await ownerFirmBrand(tx, owner, deps.env.APP_URL),
      ),
    );
  // final wishes opened at the confirmed death are no longer shown (decision 097)
  if (owner)
    await closeEarlyWishes(tx, {
      releaseId: release.id,
      ownerId: release.userId,
      ownerName: owner.name,
      trigger: release.trigger,
      now,
    });
  // a wait that verifiers' confirmations started: everyone who was told of the report is told it stopped
  if (owner && release.trigger === "verifiers") {
    const { verifiers } = await getAcceptedVerifiers(tx, release.userId);
    for (const v of verifiers)
      for (const to of v.kind === "firm"
        ? await firmAdminEmails(tx, v.firmId ?? "")
        : [v.email ?? ""])
        await enqueueMail(
          tx,
          verifierWaitCancelledMail(deps.env.APP_URL, { to, ownerName: owner.name }),
        );
  }
  const plan = await selectPlan(tx, release.userId);
  if (plan) await checkIn(tx, plan, { now, actorId, via: "cancel", appUrl: deps.env.APP_URL });
}

/** The law firm an owner is a client of, for e-mails sent in its name (decision 095). */
export const ownerFirmBrand = (
  tx: Tx,
  owner: { firmId: string | null; role: string },
  appUrl: string,
) => {
  const firmId = clientFirmOf(owner);
  return firmId ? findFirmMailBrand(tx, firmId, appUrl) : Promise.resolve(undefined);
};

/**
 * The release: each asset left to someone is marked released and recorded against each of its
 * beneficiaries (release_items: the only way a content key is ever handed out; docs/decisions/053);
 * each beneficiary gets one e-mail counting exactly the items left to them.
 */
export async function performRelease(
  tx: Tx,
  deps: Deps,
  { release, now }: { release: ReleaseRow; now: Date },
) {
  if (release.status !== "waiting") return;
  const owner = await selectPerson(tx, release.userId);
  if (!owner) return;
  const endsAt = accessEndsAt(now);
  const released = await markAssetsReleased(tx, owner.id, now);
  // an item may wait 7, 30 or 90 days; the sweep gives it on its day (docs/decisions/096)
  const items = await dateReleasedItems(tx, {
    ownerId: owner.id,
    releaseId: release.id,
    released,
    now,
    endsAt,
  });
  const waits = new Set(
    items.filter((i) => i.dueAt).map((i) => `${i.assetId}\n${i.beneficiaryEmail}`),
  );
  await insertReleaseItems(tx, items);
  await markReleaseReleased(tx, release.id, now);
  // the full plan replaces the incapacity scope: a caregiver's access ends with the release (decision 093)
  await endIncapacity(tx, { ownerId: owner.id, via: "released", actorId: null, now });
  // messages for later wait for their own day; the sweep delivers them (docs/decisions/089)
  await startMessageClocks(tx, owner.id, now);

  const itemCount = new Set(items.map((i) => i.assetId)).size;
  const perEmail = new Map<string, number>();
  for (const item of items)
    perEmail.set(item.beneficiaryEmail, (perEmail.get(item.beneficiaryEmail) ?? 0) + 1);
  // a message is told of on its own day, by its own e-mail (docs/decisions/089)
  const told = new Map<string, number>();
  // and an item that waits, on its day, by the sweep's e-mail (docs/decisions/096)
  for (const a of released.filter((r) => r.type !== "message" && !waits.has(`${r.id}\n${r.email}`)))
    told.set(a.email, (told.get(a.email) ?? 0) + 1);
  const names = await beneficiaryNames(tx, owner.id, [...told.keys()]);
  const brand = await ownerFirmBrand(tx, owner, deps.env.APP_URL);
  for (const [email, n] of told)
    await enqueueMail(
      tx,
      beneficiaryReleasedMail(
        deps.env.APP_URL,
        {
          to: email,
          beneficiaryName: names.get(email) ?? null,
          ownerName: owner.name,
          itemCount: n,
        },
        brand,
      ),
    );
  await enqueueMail(
    tx,
    ownerReleasedMail(
      deps.env.APP_URL,
      {
        to: owner.email,
        name: owner.name,
        itemCount,
      },
      brand,
    ),
  );
  await insertTimers(tx, [
    { kind: "access_end", userId: owner.id, releaseId: release.id, dueAt: endsAt },
  ]);
  await appendEvidence(tx, {
    ownerId: owner.id,
    releaseId: release.id,
    kind: "released",
    at: now,
    actor: { type: "system", via: "release_due" },
    data: { items: itemCount, beneficiaries: perEmail.size, accessEndsAt: endsAt.toISOString() },
  });
  for (const email of [...perEmail.keys()].sort()) {
    const theirs = released.filter((r) => r.email === email).sort((a, b) => (a.id < b.id ? -1 : 1));
    await appendEvidence(tx, {
      ownerId: owner.id,
      releaseId: release.id,
      kind: "released_to",
      at: now,
      actor: { type: "system", via: "release_due" },
      data: {
        ...releasedToData(items.filter((i) => i.beneficiaryEmail === email)),
        // per item, what the owner left this person: "content" or "catalogue" (decision 098)
        access: Object.fromEntries(theirs.map((r) => [r.id, r.access])),
      },
      beneficiaryEmail: email,
    });
  }
  await auditRelease(tx, {
    ownerId: owner.id,
    action: "release.released",
    at: now,
    actorId: null,
    details: {
      items: itemCount,
      beneficiaries: perEmail.size,
    },
  });
}

/**
 * What the release gave one beneficiary: the item ids given now and, only when some wait, those
 * that wait (decision 096; their own `item_delivered` entries follow on their day).
 */
function releasedToData(items: { assetId: string; dueAt: Date | null }[]) {
  const ids = (list: typeof items) => list.map((i) => i.assetId).sort();
  const waiting = items.filter((i) => i.dueAt);
  return {
    items: ids(items.filter((i) => !i.dueAt)),
    ...(waiting.length ? { waiting: ids(waiting) } : {}),
  };
}

/** The release that waits or has happened for `ownerId`, if any (a report cannot start a second one). */
export const hasOpenRelease = async (tx: Tx, ownerId: string) =>
  !!(await selectOpenRelease(tx, ownerId));

export const WAIT_REASON = {
  inactivity: (months: number) => `You have not checked in to Legacy Vault for ${months} months.`,
  escalationEnded: (months: number) =>
    `You have not checked in to Legacy Vault for ${months} months, and your verifiers could not reach you.`,
  attestation: (firmName: string, attesterName: string) =>
    `${attesterName} of ${firmName} has attested your death or incapacity to Legacy Vault.`,
};

/** The owner's chosen wait (or the default): what a wait started by verifiers lasts (docs/decisions/082). */
export async function getWaitDays(tx: Tx, ownerId: string): Promise<number> {
  return (await selectPlan(tx, ownerId))?.waitDays ?? DEFAULT_WAIT_DAYS;
}
