import {
  DEFAULT_MAX_PAUSE_DAYS,
  DEFAULT_WAIT_DAYS,
  RELEASE_MSG,
  type MaxPauseDays,
  type AttestationInput,
  type ClientReleaseView,
  type ReleasePlanInput,
  type ReleasePlanView,
  type WaitDays,
  type InactivityMonths,
} from "../../common/release.js";
import { can, requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { findFirmClient } from "../clients/service.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import { AppError, isUniqueViolation } from "../errors.js";
import type { Deps } from "../deps.js";
import { asSystemThenMail } from "../mail/as-system-then-mail.js";
import { hashLinkToken } from "../keys/link-token.js";
import { appendEvidence } from "../release-evidence/service.js";
import { getAcceptedVerifiers } from "../verifiers/roles.js";
import { REPORT_MSG } from "../../common/verifier-reports.js";
import { auditRelease } from "./audit.js";
import { closeEscalationOnCheckIn } from "./escalation-close.js";
import { loadEscalationView } from "./escalation-view.js";
import {
  countAssetsWithBeneficiary,
  hasReleaseDocument,
  selectLatestRelease,
  selectOpenRelease,
  selectFirmName,
  selectPerson,
  selectPlan,
  selectTimeline,
  selectUsableLink,
  upsertPlan,
} from "./queries.js";
import { presentRelease, presentTimeline, releaseState } from "./present.js";
import { addDays } from "../clock.js";
import { inactivityEndsAt } from "./schedule.js";
import { WAIT_REASON, cancelRelease, checkIn, rescheduleInactivity } from "./steps.js";
import { startRelease } from "./start.js";

/** Writes run as the system after the access check (timers, links and e-mails are system tables); reads run under RLS. */
async function system<T>(deps: Deps, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await asSystemThenMail(deps, fn);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", RELEASE_MSG.alreadyStarted);
    throw err;
  }
}

export async function getPlanView(deps: Deps, actor: ActorProfile): Promise<ReleasePlanView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const { plan, latest, assetsWithBeneficiary } = await withActor(
    deps.db,
    { userId: actor.id },
    async (tx) => ({
      plan: await selectPlan(tx, actor.id),
      latest: await selectLatestRelease(tx, actor.id),
      assetsWithBeneficiary: await countAssetsWithBeneficiary(tx, actor.id),
    }),
  );
  // the audit log and release_documents are system tables; one transaction after the other (PGlite has one connection)
  const now = deps.clock.now();
  const { timeline, hasDocument, escalation } = await asSystem(deps.db, async (tx) => ({
    timeline: await selectTimeline(tx, actor.id),
    hasDocument: latest ? await hasReleaseDocument(tx, latest.id) : false,
    escalation: await loadEscalationView(tx, { ownerId: actor.id, now }),
  }));
  const lastCheckInAt = plan?.lastCheckInAt ?? null;
  const pausedUntil = plan?.pausedUntil && plan.pausedUntil > now ? plan.pausedUntil : null;
  const endsAt =
    lastCheckInAt &&
    inactivityEndsAt(lastCheckInAt, plan?.inactivityMonths ?? null, plan?.pausedUntil ?? null);
  return {
    state: releaseState(plan, latest),
    plan: {
      inactivityMonths: (plan?.inactivityMonths ?? null) as InactivityMonths | null,
      waitDays: (plan?.waitDays ?? DEFAULT_WAIT_DAYS) as WaitDays,
      lastCheckInAt: (lastCheckInAt ?? deps.clock.now()).toISOString(),
      inactivityEndsAt:
        endsAt && latest?.status !== "waiting" && latest?.status !== "released"
          ? endsAt.toISOString()
          : null,
      requireVerifier: plan?.requireVerifier ?? false,
      maxPauseDays: (plan?.maxPauseDays ?? DEFAULT_MAX_PAUSE_DAYS) as MaxPauseDays,
      pausedUntil: pausedUntil?.toISOString() ?? null,
    },
    escalation,
    release: presentRelease(latest, hasDocument),
    assetsWithBeneficiary,
    timeline: presentTimeline(timeline),
  };
}

const asSystemHasDocument = (deps: Deps, releaseId: string) =>
  asSystem(deps.db, (tx) => hasReleaseDocument(tx, releaseId));

/** Saving the plan is a check-in: the inactivity period starts from now. */
export async function savePlan(
  deps: Deps,
  actor: ActorProfile,
  input: ReleasePlanInput,
): Promise<ReleasePlanView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const now = deps.clock.now();
  await system(deps, async (tx) => {
    const values = {
      inactivityMonths: input.inactivityMonths,
      waitDays: input.waitDays,
      lastCheckInAt: now,
      updatedAt: now,
      ...(input.requireVerifier === undefined ? {} : { requireVerifier: input.requireVerifier }),
      ...(input.maxPauseDays === undefined ? {} : { maxPauseDays: input.maxPauseDays }),
    };
    const plan = await upsertPlan(tx, actor.id, values);
    if (!plan) throw new AppError("INTERNAL");
    // saving is a check-in: an open escalation closes (decision 085)
    await closeEscalationOnCheckIn(tx, deps.env.APP_URL, { ownerId: actor.id, now, via: "plan" });
    await rescheduleInactivity(tx, plan, now);
    const endsAt = inactivityEndsAt(now, plan.inactivityMonths, plan.pausedUntil);
    await appendEvidence(tx, {
      ownerId: actor.id,
      releaseId: null,
      kind: "plan_saved",
      at: now,
      actor: { type: "owner", userId: actor.id },
      data: {
        inactivityMonths: input.inactivityMonths,
        waitDays: input.waitDays,
        inactivityEndsAt: endsAt ? endsAt.toISOString() : null,
        requireVerifier: plan.requireVerifier,
        maxPauseDays: plan.maxPauseDays,
      },
    });
    await auditRelease(tx, {
      ownerId: actor.id,
      action: "release.plan_changed",
      at: now,
      actorId: actor.id,
      details: {
        inactivityMonths: input.inactivityMonths,
        waitDays: input.waitDays,
        requireVerifier: plan.requireVerifier,
        maxPauseDays: plan.maxPauseDays,
      },
    });
  });
  return getPlanView(deps, actor);
}

/** The owner, signed in, presses Cancel during the wait. */
export async function cancelByOwner(deps: Deps, actor: ActorProfile): Promise<ReleasePlanView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  await system(deps, async (tx) => {
    const release = await selectOpenRelease(tx, actor.id, { forUpdate: true });
    if (!release) throw new AppError("CONFLICT", RELEASE_MSG.nothingToCancel);
    await cancelRelease(tx, deps, {
      release,
      now: deps.clock.now(),
      actorId: actor.id,
      via: "owner",
    });
  });
  return getPlanView(deps, actor);
}

/**
 * Inside the caller's system transaction, as the client leaves a firm (decision 047): a release
 * that this firm's attestation started and that is still waiting is cancelled, as if the owner had
 * pressed Cancel. The attestation was the firm's word for a client who has just acted and who no
 * longer lets the firm act for them. True when one was cancelled (the caller wakes the mailer).
 */
export async function cancelFirmAttestation(
  tx: Tx,
  deps: Deps,
  { ownerId, firmId }: { ownerId: string; firmId: string },
): Promise<boolean> {
  const release = await selectOpenRelease(tx, ownerId, { forUpdate: true });
  if (release?.status !== "waiting" || release.trigger !== "attestation") return false;
  if (release.firmId !== firmId) return false;
  const now = deps.clock.now();
  await cancelRelease(tx, deps, { release, now, actorId: ownerId, via: "left_firm" });
  return true;
}

/** The one-click "Cancel the release" link of the owner's e-mails. */
export async function cancelByLink(deps: Deps, token: string): Promise<void> {
  await system(deps, async (tx) => {
    const now = deps.clock.now();
    const link = await selectUsableLink(tx, {
      tokenHash: hashLinkToken(token),
      purpose: "cancel",
      now,
    });
    const release = link?.releaseId
      ? await selectOpenRelease(tx, link.userId, { forUpdate: true })
      : null;
    if (!link || !release || release.id !== link.releaseId || release.status !== "waiting")
      throw new AppError("NOT_FOUND", RELEASE_MSG.linkInvalid);
    await cancelRelease(tx, deps, { release, now, actorId: null, via: "link" });
  });
}

/** The one-click "I'm still here" link of the reminder e-mails. */
export async function checkInByLink(deps: Deps, token: string): Promise<void> {
  await system(deps, async (tx) => {
    const now = deps.clock.now();
    const link = await selectUsableLink(tx, {
      tokenHash: hashLinkToken(token),
      purpose: "check_in",
      now,
    });
    const plan = link ? await selectPlan(tx, link.userId, { forUpdate: true }) : null;
    if (!link || !plan) throw new AppError("NOT_FOUND", RELEASE_MSG.linkInvalid);
    await checkIn(tx, plan, { now, actorId: null, via: "link", appUrl: deps.env.APP_URL });
  });
}

/* ---------- the client's firm ---------- */

async function loadClient(deps: Deps, actor: ActorProfile, clientId: string) {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const client = await findFirmClient(tx, requireFirm(actor), clientId);
    if (!client) throw new AppError("NOT_FOUND");
    const latest = await selectLatestRelease(tx, client.id);
    return { client, latest, plan: await selectPlan(tx, client.id) };
  });
}

export async function getClientRelease(
  deps: Deps,
  actor: ActorProfile,
  clientId: string,
): Promise<ClientReleaseView> {
  const { client, latest, plan } = await loadClient(deps, actor, clientId);
  const state = releaseState(plan, latest);
  const mayAttest = can(actor, "release:attest", {
    firmId: client.firmId,
    role: client.role,
    ownerId: client.id,
  });
  return {
    state,
    release: presentRelease(latest, latest ? await asSystemHasDocument(deps, latest.id) : false),
    canAttest: mayAttest && (state === "none" || state === "counting_down"),
    canDownloadEvidence:
      !!latest && can(actor, "release-evidence:read", { firmId: client.firmId, role: client.role }),
  };
}

/**
 * Whose evidence a firm admin downloads (decision 079): the client of their own firm, with its
 * latest release and the firm's name; NOT_FOUND for anyone else and for a client with no release.
 */
export async function getClientEvidenceSubject(deps: Deps, actor: ActorProfile, clientId: string) {
  const { client, latest } = await loadClient(deps, actor, clientId);
  requireAccess(actor, "release-evidence:read", { firmId: client.firmId, role: client.role });
  if (!latest) throw new AppError("NOT_FOUND");
  const firmId = requireFirm(client);
  const firmName = await asSystem(deps.db, (tx) => selectFirmName(tx, firmId));
  return {
    subject: {
      owner: { id: client.id, name: client.name },
      release: { id: latest.id, status: latest.status, trigger: latest.trigger },
    },
    party: { type: "firm" as const, firmId, firmName: firmName ?? "" },
  };
}

/** A firm admin attests the client's death or incapacity: the client's waiting period starts, with its e-mails and veto. */
export async function attestRelease(
  deps: Deps,
  actor: ActorProfile,
  { clientId, input }: { clientId: string; input: AttestationInput },
): Promise<ClientReleaseView> {
  const { client } = await loadClient(deps, actor, clientId);
  requireAccess(actor, "release:attest", {
    firmId: client.firmId,
    role: client.role,
    ownerId: client.id,
  });
  const now = deps.clock.now();
  // "today" east of UTC is already tomorrow in UTC: allow one day of slack
  if (input.eventDate > addDays(now, 1).toISOString().slice(0, 10))
    throw new AppError("VALIDATION", "The date of death or incapacity cannot be in the future", {
      eventDate: "The date of death or incapacity cannot be in the future",
    });
  await system(deps, async (tx) => {
    const owner = await selectPerson(tx, client.id);
    const firmName = await selectFirmName(tx, requireFirm(client));
    if (!owner || firmName === null || !client.firmId) throw new AppError("NOT_FOUND");
    // one verifier alone never releases when k > 1 (docs/decisions/082): the firm reports instead
    const { verifiers, threshold } = await getAcceptedVerifiers(tx, client.id);
    if (verifiers.length > 0 && threshold > 1)
      throw new AppError("CONFLICT", REPORT_MSG.attestNeedsReport);
    const plan = await selectPlan(tx, client.id);
    await startRelease(tx, deps, {
      owner,
      trigger: "attestation",
      waitDays: plan?.waitDays ?? DEFAULT_WAIT_DAYS,
      now,
      reason: WAIT_REASON.attestation(firmName, input.attesterName),
      attestation: {
        attestedBy: actor.id,
        attesterName: input.attesterName,
        eventDate: input.eventDate,
        firmId: client.firmId,
      },
    });
  });
  return getClientRelease(deps, actor, clientId);
}
