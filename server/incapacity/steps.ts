import {
  INCAPACITY_ACCESS_DEFAULT,
  INCAPACITY_MSG,
  INCAPACITY_WAIT_DEFAULT,
  type IncapacityEndedVia,
} from "../../common/incapacity.js";
import { recordAudit } from "../audit/record.js";
import { addDays } from "../clock.js";
import type { Tx } from "../db/client.js";
import { AppError } from "../errors.js";
import { enqueueMail } from "../mail/outbox.js";
import { appendEvidence } from "../release-evidence/service.js";
import type { EvidenceActor } from "../../common/release-evidence.js";
import { careEndedMail, careOpenedMail, incapacityStartedMail } from "./emails.js";
import {
  insertScope,
  insertTimer,
  selectCaregivers,
  selectOpenScopeForUpdate,
  selectPerson,
  selectScopeForUpdate,
  selectSettings,
  updateScope,
  type ScopeRow,
} from "./queries.js";

/**
 * The steps of the incapacity scope (docs/decisions/093), each inside the caller's system
 * transaction after its own checks: the scope's row, its timer, evidence, audit and e-mails commit
 * together or not at all. No step touches a key: the wraps were made by the owner's browser, and
 * the portal serves them only while the scope is active.
 */

const audit = (
  tx: Tx,
  e: {
    ownerId: string;
    scopeId: string;
    action: string;
    at: Date;
    actorId: string | null;
    details?: Record<string, unknown>;
  },
) =>
  recordAudit(tx, {
    actorId: e.actorId,
    action: e.action,
    subjectType: "incapacity_scope",
    subjectId: e.scopeId,
    ownerId: e.ownerId,
    at: e.at,
    details: e.details ?? {},
  });

/**
 * k verifiers confirmed an incapacity: the scope waits for the owner's own (shorter) wait, then
 * opens. Never the death plan. With no item marked the scope still runs (and opens nothing), so the
 * owner's sign-in and the evidence tell the same story either way.
 */
export async function startIncapacity(
  tx: Tx,
  appUrl: string,
  a: { ownerId: string; reportId: string | null; reporterName: string; now: Date },
): Promise<ScopeRow> {
  const { ownerId, now } = a;
  if (await selectOpenScopeForUpdate(tx, ownerId))
    throw new AppError("CONFLICT", INCAPACITY_MSG.alreadyOpen);
  const settings = await selectSettings(tx, ownerId);
  const waitDays = settings?.waitDays ?? INCAPACITY_WAIT_DEFAULT;
  const opensAt = addDays(now, waitDays);
  const scope = await insertScope(tx, {
    ownerId,
    status: "waiting",
    reportId: a.reportId,
    reporterName: a.reporterName,
    startedAt: now,
    opensAt,
  });
  if (!scope) throw new AppError("INTERNAL");
  await insertTimer(tx, {
    kind: "incapacity_open",
    userId: ownerId,
    dueAt: opensAt,
    scopeId: scope.id,
  });
  const caregivers = await selectCaregivers(tx, ownerId);
  await appendEvidence(tx, {
    ownerId,
    releaseId: null,
    kind: "incapacity_started",
    at: now,
    actor: { type: "system", via: "verifiers" },
    data: {
      scopeId: scope.id,
      reportId: a.reportId,
      waitDays,
      opensAt: opensAt.toISOString(),
      caregivers: caregivers.length,
    },
  });
  await audit(tx, {
    ownerId,
    scopeId: scope.id,
    action: "incapacity.started",
    at: now,
    actorId: null,
    details: { waitDays, caregivers: caregivers.length },
  });
  const owner = await selectPerson(tx, ownerId);
  if (owner)
    await enqueueMail(
      tx,
      incapacityStartedMail(appUrl, {
        to: owner.email,
        name: owner.name,
        reporterName: a.reporterName,
        opensAt,
        caregivers: caregivers.length,
      }),
    );
  return scope;
}

/** Timer `incapacity_open`: the wait passed with no word from the owner; caregivers can read until the end. */
export async function openIncapacity(tx: Tx, appUrl: string, a: { scopeId: string; now: Date }) {
  const scope = await selectScopeForUpdate(tx, a.scopeId);
  // ended in the meantime (the owner signed in or withdrew it): nothing opens
  if (!scope || scope.status !== "waiting" || scope.opensAt.getTime() > a.now.getTime()) return;
  const settings = await selectSettings(tx, scope.ownerId);
  const accessDays = settings?.accessDays ?? INCAPACITY_ACCESS_DEFAULT;
  const endsAt = addDays(a.now, accessDays);
  await updateScope(tx, scope.id, { status: "active", endsAt });
  await insertTimer(tx, {
    kind: "incapacity_end",
    userId: scope.ownerId,
    dueAt: endsAt,
    scopeId: scope.id,
  });
  const [owner, caregivers] = [
    await selectPerson(tx, scope.ownerId),
    await selectCaregivers(tx, scope.ownerId),
  ];
  await appendEvidence(tx, {
    ownerId: scope.ownerId,
    releaseId: null,
    kind: "incapacity_opened",
    at: a.now,
    actor: { type: "system", via: "incapacity_open" },
    data: {
      scopeId: scope.id,
      endsAt: endsAt.toISOString(),
      caregivers: caregivers.length,
      items: caregivers.reduce((n, c) => n + c.items, 0),
    },
  });
  await audit(tx, {
    ownerId: scope.ownerId,
    scopeId: scope.id,
    action: "incapacity.opened",
    at: a.now,
    actorId: null,
    details: { accessDays, caregivers: caregivers.length },
  });
  for (const c of caregivers)
    await enqueueMail(
      tx,
      careOpenedMail(appUrl, { to: c.email, ownerName: owner?.name ?? "", items: c.items, endsAt }),
    );
}

/** Timer `incapacity_end`: the time the owner set has passed. */
export async function expireIncapacity(tx: Tx, a: { scopeId: string; now: Date }) {
  const scope = await selectScopeForUpdate(tx, a.scopeId);
  if (!scope || scope.status !== "active" || !scope.endsAt) return;
  if (scope.endsAt.getTime() > a.now.getTime()) return;
  await closeScope(tx, { scope, via: "expired", actorId: null, now: a.now });
}

/**
 * The owner is back (a sign-in or any other check-in) or withdraws it: the owner's waiting or
 * active scope ends at once, and from this commit the portal serves its caregivers nothing. False
 * when there was none.
 */
export async function endIncapacity(
  tx: Tx,
  a: {
    ownerId: string;
    via: Exclude<IncapacityEndedVia, "expired">;
    actorId: string | null;
    now: Date;
  },
): Promise<boolean> {
  const scope = await selectOpenScopeForUpdate(tx, a.ownerId);
  if (!scope) return false;
  await closeScope(tx, { scope, via: a.via, actorId: a.actorId, now: a.now });
  return true;
}

async function closeScope(
  tx: Tx,
  a: { scope: ScopeRow; via: IncapacityEndedVia; actorId: string | null; now: Date },
) {
  const { scope, via, now } = a;
  await updateScope(tx, scope.id, { status: "ended", endedAt: now, endedVia: via });
  const actor: EvidenceActor =
    via === "expired"
      ? { type: "system", via: "incapacity_end" }
      : via === "released"
        ? { type: "system", via: "release_due" }
        : { type: "owner", userId: scope.ownerId, via };
  await appendEvidence(tx, {
    ownerId: scope.ownerId,
    releaseId: null,
    kind: "incapacity_ended",
    at: now,
    actor,
    data: { scopeId: scope.id, via, wasOpen: scope.status === "active" },
  });
  await audit(tx, {
    ownerId: scope.ownerId,
    scopeId: scope.id,
    action: "incapacity.ended",
    at: now,
    actorId: a.actorId,
    details: { via, wasOpen: scope.status === "active" },
  });
  // only caregivers who were told they could read are told it ended
  if (scope.status !== "active") return;
  const owner = await selectPerson(tx, scope.ownerId);
  for (const c of await selectCaregivers(tx, scope.ownerId))
    await enqueueMail(
      tx,
      careEndedMail({
        to: c.email,
        ownerName: owner?.name ?? "",
        why: via === "expired" || via === "released" ? via : "back",
      }),
    );
}

/** Whether the owner has a waiting or active scope (a second incapacity report is refused). */
export const hasOpenIncapacity = async (tx: Tx, ownerId: string) =>
  !!(await selectOpenScopeForUpdate(tx, ownerId));
