import {
  VERIFIERS_MAX,
  VERIFIER_MSG,
  type AddVerifierInput,
  type FirmVerifierView,
  type VerifiersView,
} from "../../common/verifiers.js";
import { clientFirmOf, requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { findFirmClient } from "../clients/service.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { asSystemThenMail } from "../mail/as-system-then-mail.js";
import { AppError, isUniqueViolation } from "../errors.js";
import { presentFirmVerifier, presentVerifiers } from "./present.js";
import {
  countEligible,
  deleteVerifier,
  insertVerifier,
  selectFirmNames,
  selectFirmVerifier,
  selectOwnVerifierForUpdate,
  selectOwnerForUpdate,
  selectPerson,
  selectThreshold,
  selectVerifiers,
  updateVerifier,
  upsertThreshold,
} from "./queries.js";
import { acceptedFields, auditVerifier, fitThreshold, sendInvitation } from "./shared.js";

/**
 * The owner's verifiers (docs/decisions/081): reads under RLS, writes as the system after the
 * access check (as the release plan's). A verifier of another owner answers 404 like a missing one.
 */

export async function listVerifiers(deps: Deps, actor: ActorProfile): Promise<VerifiersView> {
  requireAccess(actor, "verifiers:manage", { ownerId: actor.id });
  const { rows, threshold } = await withActor(deps.db, { userId: actor.id }, async (tx) => ({
    rows: await selectVerifiers(tx, actor.id),
    threshold: await selectThreshold(tx, actor.id),
  }));
  // firm names: the owner's current firm and any former one named (a system read of names only)
  const { firmNames, owner } = await asSystem(deps.db, async (tx) => {
    const owner = await selectPerson(tx, actor.id);
    const ids = [owner?.firmId, ...rows.map((r) => r.firmId)].filter((id): id is string => !!id);
    const names = await selectFirmNames(tx, [...new Set(ids)]);
    return { owner, firmNames: new Map(names.map((f) => [f.id, f.name])) };
  });
  return presentVerifiers({
    rows,
    threshold,
    firmNames,
    owner: { firmId: owner?.firmId ?? null, isClient: owner?.role === "regular_user" },
  });
}

/** Names a person (invited by e-mail) or the owner's own firm (its admins are told); at most 5. */
export async function addVerifier(
  deps: Deps,
  actor: ActorProfile,
  input: AddVerifierInput,
): Promise<VerifiersView> {
  requireAccess(actor, "verifiers:manage", { ownerId: actor.id });
  const now = deps.clock.now();
  try {
    await asSystemThenMail(deps, async (tx) => {
      const owner = await selectOwnerForUpdate(tx, actor.id);
      if (!owner) throw new AppError("NOT_FOUND");
      if ((await selectVerifiers(tx, owner.id)).length >= VERIFIERS_MAX)
        throw new AppError("VALIDATION", VERIFIER_MSG.tooMany);
      let values;
      if (input.kind === "person") {
        if (input.email === owner.email.toLowerCase())
          throw new AppError("VALIDATION", VERIFIER_MSG.notYourself);
        values = { kind: "person" as const, name: input.name, email: input.email };
      } else {
        const firmId = clientFirmOf(owner);
        if (!firmId) throw new AppError("VALIDATION", VERIFIER_MSG.noFirm);
        values = { kind: "firm" as const, firmId };
      }
      const id = await insertVerifier(tx, { ownerId: owner.id, invitedAt: now, ...values });
      const row = id ? await selectOwnVerifierForUpdate(tx, owner.id, id) : null;
      if (!row) throw new AppError("INTERNAL");
      await sendInvitation(tx, deps, { row, owner, now });
      await fitThreshold(tx, owner.id);
      await auditVerifier(tx, {
        ownerId: owner.id,
        verifierId: row.id,
        action: "verifier.invited",
        at: now,
        actorId: actor.id,
        details: { kind: row.kind, verifier: row.email ?? undefined, firmId: row.firmId },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError(
        "CONFLICT",
        input.kind === "firm" ? VERIFIER_MSG.firmAlreadyNamed : VERIFIER_MSG.alreadyNamed,
      );
    throw err;
  }
  return listVerifiers(deps, actor);
}

/** One of the owner's own verifiers, locked; NOT_FOUND for anyone else's or a missing one. */
async function loadOwn(tx: Tx, actor: ActorProfile, id: string) {
  const row = await selectOwnVerifierForUpdate(tx, actor.id, id);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** Removes a verifier: their links and codes find nothing any more; k is lowered if it must be. */
export async function removeVerifier(deps: Deps, actor: ActorProfile, id: string) {
  requireAccess(actor, "verifiers:manage", { ownerId: actor.id });
  const now = deps.clock.now();
  await asSystemThenMail(deps, async (tx) => {
    const row = await loadOwn(tx, actor, id);
    await deleteVerifier(tx, row.id);
    const threshold = await fitThreshold(tx, actor.id);
    await auditVerifier(tx, {
      ownerId: actor.id,
      verifierId: row.id,
      action: "verifier.removed",
      at: now,
      actorId: actor.id,
      details: { kind: row.kind, verifier: row.email ?? undefined, threshold },
    });
  });
  return listVerifiers(deps, actor);
}

/** Sends the invitation again (a new link; a declined verifier is invited again); not once accepted. */
export async function resendInvitation(deps: Deps, actor: ActorProfile, id: string) {
  requireAccess(actor, "verifiers:manage", { ownerId: actor.id });
  const now = deps.clock.now();
  await asSystemThenMail(deps, async (tx) => {
    const row = await loadOwn(tx, actor, id);
    if (row.status === "accepted") throw new AppError("CONFLICT", VERIFIER_MSG.alreadyAccepted);
    const owner = await selectOwnerForUpdate(tx, actor.id);
    if (!owner) throw new AppError("NOT_FOUND");
    // a firm the owner is no longer a client of is never told about them again
    if (row.kind === "firm" && row.firmId !== owner.firmId)
      throw new AppError("VALIDATION", VERIFIER_MSG.noFirm);
    await sendInvitation(tx, deps, { row, owner, now });
    await fitThreshold(tx, actor.id);
    await auditVerifier(tx, {
      ownerId: actor.id,
      verifierId: row.id,
      action: "verifier.invitation_resent",
      at: now,
      actorId: actor.id,
      details: { kind: row.kind, verifier: row.email ?? undefined },
    });
  });
  return listVerifiers(deps, actor);
}

/** k from 1 to the verifiers who have not declined. */
export async function setThreshold(deps: Deps, actor: ActorProfile, threshold: number) {
  requireAccess(actor, "verifiers:manage", { ownerId: actor.id });
  const now = deps.clock.now();
  await asSystemThenMail(deps, async (tx) => {
    await selectOwnerForUpdate(tx, actor.id);
    const n = await countEligible(tx, actor.id);
    if (n === 0) throw new AppError("VALIDATION", VERIFIER_MSG.thresholdNoVerifiers);
    if (threshold > n) throw new AppError("VALIDATION", VERIFIER_MSG.thresholdTooHigh);
    await upsertThreshold(tx, actor.id, threshold);
    await auditVerifier(tx, {
      ownerId: actor.id,
      verifierId: null,
      action: "verifier.threshold_changed",
      at: now,
      actorId: actor.id,
      details: { threshold, of: n },
    });
  });
  return listVerifiers(deps, actor);
}

/**
 * The owner left their firm (server/firms/leave.ts, in its transaction): the firm stops being their
 * verifier, and k is lowered if it must be. True if it was one.
 */
export async function forgetFirm(
  tx: Tx,
  deps: Deps,
  { ownerId, firmId }: { ownerId: string; firmId: string },
): Promise<boolean> {
  const found = await selectFirmVerifier(tx, ownerId, firmId);
  if (!found) return false;
  await deleteVerifier(tx, found.id);
  const threshold = await fitThreshold(tx, ownerId);
  await auditVerifier(tx, {
    ownerId,
    verifierId: found.id,
    action: "verifier.removed",
    at: deps.clock.now(),
    actorId: ownerId,
    details: { kind: "firm", firmId, reason: "left_firm", threshold },
  });
  return true;
}

/* ---------- the firm as a verifier, acted for by its admins ---------- */

/** The client of the admin's firm, or NOT_FOUND (another firm's, staff, not a client). */
async function loadFirmClient(deps: Deps, actor: ActorProfile, clientId: string) {
  const firmId = requireFirm(actor);
  const client = await asSystem(deps.db, (tx) => findFirmClient(tx, firmId, clientId));
  requireAccess(actor, "verifier:answer-for-firm", {
    firmId: client?.firmId ?? null,
    role: client?.role,
    ownerId: client?.id,
  });
  if (!client) throw new AppError("NOT_FOUND");
  return { client, firmId };
}

/** GET /api/clients/:id/verifier: the firm's role for this client, or null when not named. */
export async function getFirmVerifier(
  deps: Deps,
  actor: ActorProfile,
  clientId: string,
): Promise<FirmVerifierView> {
  const { client, firmId } = await loadFirmClient(deps, actor, clientId);
  const row = await withActor(deps.db, { userId: actor.id }, (tx) =>
    selectFirmVerifier(tx, client.id, firmId),
  );
  return presentFirmVerifier(row);
}

/** An admin accepts or declines for the firm; NOT_FOUND when the client did not name it. */
export async function answerForFirm(
  deps: Deps,
  actor: ActorProfile,
  { clientId, answer }: { clientId: string; answer: "accept" | "decline" },
): Promise<FirmVerifierView> {
  const { client, firmId } = await loadFirmClient(deps, actor, clientId);
  const now = deps.clock.now();
  await asSystemThenMail(deps, async (tx) => {
    const found = await selectFirmVerifier(tx, client.id, firmId);
    const row = found ? await selectOwnVerifierForUpdate(tx, client.id, found.id) : null;
    if (!row) throw new AppError("NOT_FOUND");
    if (row.status !== "invited") throw new AppError("CONFLICT", VERIFIER_MSG.alreadyAnswered);
    await updateVerifier(
      tx,
      row.id,
      answer === "accept" ? acceptedFields(now) : { status: "declined", respondedAt: now },
    );
    if (answer === "decline") await fitThreshold(tx, client.id);
    await auditVerifier(tx, {
      ownerId: client.id,
      verifierId: row.id,
      action: answer === "accept" ? "verifier.accepted" : "verifier.declined",
      at: now,
      actorId: actor.id,
      details: { kind: "firm", firmId },
    });
  });
  return getFirmVerifier(deps, actor, clientId);
}
