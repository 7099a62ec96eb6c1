import {
  REPORT_MSG,
  type FirmReportView,
  type OwnReportView,
  type ReportKind,
} from "../../common/verifier-reports.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { findFirmClient } from "../clients/service.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError, isUniqueViolation } from "../errors.js";
import { hashLinkToken } from "../keys/link-token.js";
import { selectOpenReportForUpdate, selectReportByFineHash } from "./queries.js";
import { confirmReport, findActingVerifier, makeReport, stopReport } from "./steps.js";
import { loadReportView } from "./views.js";
import { loadVerifierEscalation } from "../release/escalation-view.js";

/**
 * The owner's side of a report (docs/decisions/082: see it, "I'm fine", signing in stops it) and
 * the firm's, acted for by its admins on the client's page. Writes run as the system after the
 * access check; a client of another firm, or a firm that is not an accepted verifier, is NOT_FOUND.
 */

async function system<T>(deps: Deps, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    const result = await asSystem(deps.db, fn);
    deps.wakeMailer();
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", REPORT_MSG.alreadyOpen);
    throw err;
  }
}

/* ---------- the owner ---------- */

/** GET /api/reports: the owner's open report (the banner and the Verifiers card), or the latest closed one. */
export async function getOwnReport(deps: Deps, actor: ActorProfile): Promise<OwnReportView> {
  requireAccess(actor, "verifiers:manage", { ownerId: actor.id });
  const now = deps.clock.now();
  const { report } = await asSystem(deps.db, (tx) =>
    loadReportView(tx, { ownerId: actor.id, now }),
  );
  return { report };
}

/** POST /api/reports/fine: the owner, signed in, presses "I'm fine". */
export async function fineByOwner(deps: Deps, actor: ActorProfile): Promise<OwnReportView> {
  requireAccess(actor, "verifiers:manage", { ownerId: actor.id });
  await system(deps, async (tx) => {
    const report = await selectOpenReportForUpdate(tx, actor.id);
    if (!report) throw new AppError("CONFLICT", REPORT_MSG.notOpen);
    await stopReport(tx, deps, {
      report,
      via: "fine",
      by: null,
      actorId: actor.id,
      now: deps.clock.now(),
    });
  });
  return getOwnReport(deps, actor);
}

/** POST /api/reports/fine-link: the one-click "I'm fine" of the owner's e-mail (single use, while open). */
export async function fineByLink(deps: Deps, token: string): Promise<void> {
  await system(deps, async (tx) => {
    const now = deps.clock.now();
    const report = await selectReportByFineHash(tx, hashLinkToken(token));
    if (!report || report.status !== "open" || !report.fineExpiresAt || report.fineExpiresAt <= now)
      throw new AppError("NOT_FOUND", REPORT_MSG.linkInvalid);
    await stopReport(tx, deps, { report, via: "fine_link", by: null, actorId: null, now });
  });
}

/**
 * Signing in stops an open report (services.ts, beside the release's check-in). A failure is
 * logged and never stops the sign-in.
 */
export async function stopReportOnSignIn(deps: Deps, userId: string): Promise<void> {
  try {
    const isStopped = await asSystem(deps.db, async (tx) => {
      const report = await selectOpenReportForUpdate(tx, userId);
      if (!report) return false;
      await stopReport(tx, deps, {
        report,
        via: "sign_in",
        by: null,
        actorId: userId,
        now: deps.clock.now(),
      });
      return true;
    });
    if (isStopped) deps.wakeMailer();
  } catch (err) {
    deps.log.warn(
      `stopping the report of ${userId} on sign-in failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/* ---------- the firm, acted for by its admins ---------- */

/** The client of the admin's firm whose accepted verifier the firm is; NOT_FOUND otherwise. */
export async function loadFirmActor(tx: Tx, actor: ActorProfile, clientId: string) {
  const firmId = requireFirm(actor);
  const client = await findFirmClient(tx, firmId, clientId);
  requireAccess(actor, "verifier:answer-for-firm", {
    firmId: client?.firmId ?? null,
    role: client?.role,
    ownerId: client?.id,
  });
  if (!client) throw new AppError("NOT_FOUND");
  const { verifiers, threshold } = await findActingVerifier(tx, client.id, "");
  const verifier = verifiers.find((v) => v.kind === "firm" && v.firmId === firmId) ?? null;
  return { client, verifier, verifiers, threshold };
}

/** GET /api/clients/:id/report: the report, when the firm is an accepted verifier (else canAct false, no report). */
export async function getFirmReport(
  deps: Deps,
  actor: ActorProfile,
  clientId: string,
): Promise<FirmReportView> {
  const now = deps.clock.now();
  return asSystem(deps.db, async (tx) => {
    const { client, verifier } = await loadFirmActor(tx, actor, clientId);
    if (!verifier) return { canAct: false, report: null, hasConfirmed: false, escalation: null };
    const view = await loadReportView(tx, { ownerId: client.id, now, verifierId: verifier.id });
    const ids = { ownerId: client.id, verifierId: verifier.id };
    return { canAct: true, ...view, escalation: await loadVerifierEscalation(tx, ids) };
  });
}

/** POST /api/clients/:id/report, /report/confirm, /report/heard: an admin acts for the firm. */
export async function actForFirm(
  deps: Deps,
  actor: ActorProfile,
  a: {
    clientId: string;
    ip: string;
    action:
      | { type: "make"; kind: ReportKind; note: string | null }
      | { type: "confirm" | "heard"; reportId: string };
  },
): Promise<FirmReportView> {
  await system(deps, async (tx) => {
    const found = await loadFirmActor(tx, actor, a.clientId);
    if (!found.verifier) throw new AppError("NOT_FOUND");
    const by = { verifier: found.verifier, userId: actor.id, ip: a.ip };
    const now = deps.clock.now();
    const report = await selectOpenReportForUpdate(tx, found.client.id);
    const { action } = a;
    if (action.type === "make") {
      if (report) throw new AppError("CONFLICT", REPORT_MSG.alreadyOpen);
      await makeReport(tx, deps, {
        ownerId: found.client.id,
        by,
        kind: action.kind,
        note: action.note,
        now,
      });
      return;
    }
    if (!report || report.id !== action.reportId)
      throw new AppError("CONFLICT", REPORT_MSG.notOpen);
    if (action.type === "confirm") await confirmReport(tx, deps, { report, by, ...found, now });
    else await stopReport(tx, deps, { report, via: "heard", by, actorId: actor.id, now });
  });
  return getFirmReport(deps, actor, a.clientId);
}
