import { REPORT_MSG, type EscalationAnswer } from "../../common/verifier-reports.js";
import { recordAudit } from "../audit/record.js";
import { DAY_MS } from "../clock.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { newLinkToken } from "../keys/link-token.js";
import { enqueueMail } from "../mail/outbox.js";
import { appendEvidence } from "../release-evidence/service.js";
import { getAcceptedVerifiers, type AcceptedVerifier } from "../verifiers/roles.js";
import { auditRelease } from "./audit.js";
import { tellVerifiersClosed, verifierAddresses, verifierLink } from "./escalation-close.js";
import {
  escalationAskMail,
  escalationOwnerMail,
  escalationReachedOwnerMail,
} from "./escalation-emails.js";
import {
  closeOpenEscalation,
  insertEscalation,
  insertEscalationAnswer,
  markEscalationHeld,
  selectEscalationAnswers,
  selectEscalationForUpdate,
  type EscalationRow,
} from "./escalation-queries.js";
import {
  insertLink,
  insertTimers,
  selectPerson,
  selectPlan,
  type Person,
  type PlanRow,
} from "./queries.js";
import { escalationEndsAt, escalationOutcome, unreachableNeeded } from "./schedule.js";
import { startRelease } from "./start.js";
import { WAIT_REASON, checkIn } from "./steps.js";

/**
 * Escalation before any wait starts (decision 085), each step inside the caller's system
 * transaction: its e-mails, evidence and audit rows commit with it or not at all.
 */

const system = (via: string) => ({ type: "system" as const, via });

/**
 * The inactivity period ended. With accepted verifiers: they are asked to reach the owner (the
 * escalation). Without: the wait starts as before, unless the owner requires a verifier.
 */
export async function onInactivityEnd(
  tx: Tx,
  deps: Deps,
  { plan, owner, now }: { plan: PlanRow & { inactivityMonths: number }; owner: Person; now: Date },
) {
  const { verifiers, threshold } = await getAcceptedVerifiers(tx, owner.id);
  if (verifiers.length) return openEscalation(tx, deps, { plan, owner, now, verifiers, threshold });
  if (plan.requireVerifier) return hold(tx, { ownerId: owner.id, now, escalationId: null });
  await startRelease(tx, deps, {
    owner,
    trigger: "inactivity",
    waitDays: plan.waitDays,
    now,
    reason: WAIT_REASON.inactivity(plan.inactivityMonths),
  });
}

async function openEscalation(
  tx: Tx,
  deps: Deps,
  a: {
    plan: PlanRow;
    owner: Person;
    now: Date;
    verifiers: AcceptedVerifier[];
    threshold: number;
  },
) {
  const { owner, now, plan } = a;
  const endsAt = escalationEndsAt(now);
  const escalation = await insertEscalation(tx, { ownerId: owner.id, startedAt: now, endsAt });
  if (!escalation) throw new AppError("INTERNAL");
  await insertTimers(tx, [
    { kind: "escalation_end", userId: owner.id, dueAt: endsAt, details: { id: escalation.id } },
  ]);
  const appUrl = deps.env.APP_URL;
  for (const v of a.verifiers)
    for (const to of await verifierAddresses(tx, v))
      await enqueueMail(
        tx,
        escalationAskMail(appUrl, {
          to,
          ownerName: owner.name,
          endsAt,
          link: verifierLink(v),
          requireVerifier: plan.requireVerifier,
        }),
      );
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(endsAt.getTime() + 120 * DAY_MS);
  await insertLink(tx, { tokenHash: hash, userId: owner.id, purpose: "check_in", expiresAt });
  await enqueueMail(
    tx,
    escalationOwnerMail(appUrl, {
      to: owner.email,
      name: owner.name,
      endsAt,
      checkIn: { token, expiresAt },
    }),
  );
  const needed = unreachableNeeded(a.threshold, a.verifiers.length);
  const data = { escalationId: escalation.id, asked: a.verifiers.length, needed };
  await appendEvidence(tx, {
    ownerId: owner.id,
    releaseId: null,
    kind: "escalation_started",
    at: now,
    actor: system("inactivity_end"),
    data: { ...data, endsAt: endsAt.toISOString(), requireVerifier: plan.requireVerifier },
  });
  await auditRelease(tx, {
    ownerId: owner.id,
    action: "release.escalation_started",
    at: now,
    actorId: null,
    details: data,
  });
}

/** "Never release without a verifier": nothing starts; the escalation (if any) waits for an answer. */
async function hold(
  tx: Tx,
  { ownerId, now, escalationId }: { ownerId: string; now: Date; escalationId: string | null },
) {
  if (escalationId) await markEscalationHeld(tx, escalationId, now);
  const reason = escalationId ? "no_answer" : "no_verifiers";
  await appendEvidence(tx, {
    ownerId,
    releaseId: null,
    kind: "escalation_held",
    at: now,
    actor: system("escalation_end"),
    data: { escalationId, reason },
  });
  await auditRelease(tx, {
    ownerId,
    action: "release.escalation_held",
    at: now,
    actorId: null,
    details: { reason },
  });
}

/** The escalation's window ended (its timer): the wait starts, or it holds for a verifier. */
export async function onEscalationEnd(
  tx: Tx,
  deps: Deps,
  { escalation, owner, now }: { escalation: EscalationRow; owner: Person; now: Date },
) {
  if (escalation.status !== "open" || escalation.heldAt) return;
  const plan = await selectPlan(tx, owner.id, { forUpdate: true });
  if (!plan?.inactivityMonths) return;
  // most windows end with no answer: the verifiers are looked up only when some answered
  const hasAnswers = (await selectEscalationAnswers(tx, escalation.id)).length > 0;
  const { verifiers, threshold } = hasAnswers
    ? await getAcceptedVerifiers(tx, owner.id)
    : { verifiers: [], threshold: 1 };
  const outcome = escalationOutcome({
    answers: hasAnswers ? await acceptedAnswers(tx, escalation.id, verifiers) : [],
    needed: unreachableNeeded(threshold, verifiers.length),
    isPastEnd: true,
    requireVerifier: plan.requireVerifier,
  });
  if (outcome === "hold") return hold(tx, { ownerId: owner.id, now, escalationId: escalation.id });
  await startRelease(tx, deps, {
    owner,
    trigger: "inactivity",
    waitDays: plan.waitDays,
    now,
    reason: WAIT_REASON.escalationEnded(plan.inactivityMonths),
  });
}

const acceptedAnswers = async (tx: Tx, escalationId: string, verifiers: AcceptedVerifier[]) => {
  const accepted = new Set(verifiers.map((v) => v.id));
  return (await selectEscalationAnswers(tx, escalationId))
    .filter((x) => accepted.has(x.verifierId))
    .map((x) => x.answer);
};

/** Who answers: one of the owner's accepted verifiers; for the firm, the admin acting for it. */
export type EscalationActor = {
  verifier: AcceptedVerifier;
  userId: string | null;
  ip: string | null;
};

/**
 * A verifier's answer, once. "Reached": the escalation closes, the owner checks in (by their
 * word), everyone is told. "Could not reach": the k-th such answer starts the wait.
 */
export async function answerEscalation(
  tx: Tx,
  deps: Deps,
  a: { escalation: EscalationRow; by: EscalationActor; answer: EscalationAnswer; now: Date },
) {
  const { escalation, by, now } = a;
  if (escalation.status !== "open") throw new AppError("CONFLICT", REPORT_MSG.escalationNotOpen);
  const before = await selectEscalationAnswers(tx, escalation.id);
  if (before.some((x) => x.verifierId === by.verifier.id))
    throw new AppError("CONFLICT", REPORT_MSG.alreadyAnswered);
  await insertEscalationAnswer(tx, {
    escalationId: escalation.id,
    verifierId: by.verifier.id,
    name: by.verifier.name,
    answer: a.answer,
    answeredAt: now,
  });
  const { verifiers, threshold } = await getAcceptedVerifiers(tx, escalation.ownerId);
  const needed = unreachableNeeded(threshold, verifiers.length);
  const answers = await acceptedAnswers(tx, escalation.id, verifiers);
  const unreachable = answers.filter((x) => x === "unreachable").length;
  await appendEvidence(tx, {
    ownerId: escalation.ownerId,
    releaseId: null,
    kind: "escalation_answered",
    at: now,
    actor: {
      type: "verifier",
      verifierId: by.verifier.id,
      name: by.verifier.name,
      ...(by.userId ? { firmAdminId: by.userId } : {}),
    },
    data: { escalationId: escalation.id, answer: a.answer, unreachable, needed },
  });
  await recordAudit(tx, {
    actorId: by.userId,
    action: "release.escalation_answered",
    subjectType: "release",
    subjectId: escalation.ownerId,
    ownerId: escalation.ownerId,
    at: now,
    ip: by.ip,
    details: { verifierId: by.verifier.id, answer: a.answer, unreachable, needed },
  });
  const plan = await selectPlan(tx, escalation.ownerId, { forUpdate: true });
  const outcome = escalationOutcome({
    answers,
    needed,
    isPastEnd: false,
    requireVerifier: plan?.requireVerifier ?? false,
  });
  if (outcome === "reached") return reached(tx, deps, { escalation, by, plan, now });
  if (outcome !== "start_wait" || !plan?.inactivityMonths) return;
  const owner = await selectOwnerPerson(tx, escalation.ownerId);
  await startRelease(tx, deps, {
    owner,
    trigger: "inactivity",
    waitDays: plan.waitDays,
    now,
    reason: WAIT_REASON.escalationEnded(plan.inactivityMonths),
  });
}

async function reached(
  tx: Tx,
  deps: Deps,
  a: { escalation: EscalationRow; by: EscalationActor; plan: PlanRow | null; now: Date },
) {
  const { escalation, by, now } = a;
  await closeOpenEscalation(tx, escalation.ownerId, { status: "reached", at: now });
  const appUrl = deps.env.APP_URL;
  const ownerId = escalation.ownerId;
  await tellVerifiersClosed(tx, appUrl, {
    ownerId,
    byName: by.verifier.name,
    exceptId: by.verifier.id,
  });
  const owner = await selectOwnerPerson(tx, ownerId);
  await enqueueMail(
    tx,
    escalationReachedOwnerMail(appUrl, {
      to: owner.email,
      name: owner.name,
      byName: by.verifier.name,
    }),
  );
  if (a.plan) await checkIn(tx, a.plan, { now, actorId: by.userId, via: "verifier", appUrl });
}

async function selectOwnerPerson(tx: Tx, ownerId: string): Promise<Person> {
  const owner = await selectPerson(tx, ownerId);
  if (!owner) throw new AppError("NOT_FOUND");
  return owner;
}

/** For the verifiers' pages: the owner's open escalation `escalationId`, locked, answered once. */
export async function answerOpenEscalation(
  tx: Tx,
  deps: Deps,
  a: {
    ownerId: string;
    escalationId: string;
    by: EscalationActor;
    answer: EscalationAnswer;
    now: Date;
  },
) {
  const escalation = await selectEscalationForUpdate(tx, a.escalationId);
  // another owner's escalation answers exactly like a missing one
  if (escalation?.ownerId !== a.ownerId) throw new AppError("NOT_FOUND");
  await answerEscalation(tx, deps, { escalation, by: a.by, answer: a.answer, now: a.now });
}
