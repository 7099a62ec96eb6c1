import {
  REPORT_FINE_LINK_DAYS,
  REPORT_KIND_TO_OWNER,
  REPORT_MSG,
  type ReportKind,
  type ReportStoppedVia,
} from "../../common/verifier-reports.js";
import { recordAudit } from "../audit/record.js";
import { addDays } from "../clock.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { newLinkToken } from "../keys/link-token.js";
import { enqueueMail } from "../mail/outbox.js";
import { appendEvidence } from "../release-evidence/service.js";
import { startRelease } from "../release/start.js";
import { getWaitDays, hasOpenRelease } from "../release/steps.js";
import { hasOpenIncapacity, startIncapacity } from "../incapacity/steps.js";
import { INCAPACITY_MSG } from "../../common/incapacity.js";
import {
  firmAdminEmails,
  getAcceptedVerifiers,
  type AcceptedVerifier,
} from "../verifiers/roles.js";
import { reportConfirmAskMail, reportMadeOwnerMail, reportStoppedMail } from "./emails.js";
import {
  insertConfirmation,
  insertReport,
  selectConfirmations,
  selectOwner,
  updateReport,
  type FullReportRow,
} from "./queries.js";

/**
 * The steps of a report (docs/decisions/082), each inside the caller's system transaction, after
 * its access check: the e-mails, evidence and audit rows commit with the step or not at all.
 */

/** Who acts: one of the owner's accepted verifiers; for the firm, the admin acting for it. */
export type ReportActor = {
  verifier: AcceptedVerifier;
  userId: string | null;
  ip: string | null;
};

const evidenceActor = (by: ReportActor) => ({
  type: "verifier" as const,
  verifierId: by.verifier.id,
  name: by.verifier.name,
  ...(by.userId ? { firmAdminId: by.userId } : {}),
});

const audit = (
  tx: Tx,
  e: {
    ownerId: string;
    reportId: string;
    action: string;
    at: Date;
    by: ReportActor | null;
    details?: Record<string, unknown>;
  },
) =>
  recordAudit(tx, {
    actorId: e.by?.userId ?? null,
    action: e.action,
    subjectType: "verifier_report",
    subjectId: e.reportId,
    ownerId: e.ownerId,
    at: e.at,
    ip: e.by?.ip ?? null,
    details: { ...(e.by ? { verifierId: e.by.verifier.id } : {}), ...e.details },
  });

/** Where each verifier is pointed: a person to the verifiers' page, the firm's admins to the client's page. */
const linkFor = (v: AcceptedVerifier) =>
  v.kind === "firm" ? `/clients/${v.ownerId}` : "/verifier/report";

/** The addresses that stand for a verifier: the person's, or each admin's of the firm. */
const addressesOf = async (tx: Tx, v: AcceptedVerifier) =>
  v.kind === "firm" ? firmAdminEmails(tx, v.firmId ?? "") : [v.email ?? ""];

/** The accepted verifier `verifierId` of `ownerId`, locked with the others; null for anyone else. */
export async function findActingVerifier(tx: Tx, ownerId: string, verifierId: string) {
  const { verifiers, threshold } = await getAcceptedVerifiers(tx, ownerId);
  const verifier = verifiers.find((v) => v.id === verifierId) ?? null;
  return { verifier, verifiers, threshold };
}

/** A report: the owner is told at once (with "I'm fine"), the others are asked to confirm; k = 1 starts the wait. */
export async function makeReport(
  tx: Tx,
  deps: Deps,
  a: { ownerId: string; by: ReportActor; kind: ReportKind; note: string | null; now: Date },
) {
  const { ownerId, by, now } = a;
  const owner = await selectOwner(tx, ownerId);
  if (!owner) throw new AppError("NOT_FOUND");
  if (await hasOpenRelease(tx, ownerId)) throw new AppError("CONFLICT", REPORT_MSG.releaseUnderWay);
  if (a.kind === "incapacity" && (await hasOpenIncapacity(tx, ownerId)))
    throw new AppError("CONFLICT", INCAPACITY_MSG.alreadyOpen);
  const { verifiers, threshold } = await getAcceptedVerifiers(tx, ownerId);
  const { token, hash } = newLinkToken();
  const fineExpiresAt = addDays(now, REPORT_FINE_LINK_DAYS);
  const report = await insertReport(tx, {
    ownerId,
    kind: a.kind,
    note: a.note,
    reportedBy: by.verifier.id,
    reporterName: by.verifier.name,
    createdAt: now,
    fineTokenHash: hash,
    fineExpiresAt,
  });
  if (!report) throw new AppError("INTERNAL");
  await insertConfirmation(tx, {
    reportId: report.id,
    verifierId: by.verifier.id,
    name: by.verifier.name,
    confirmedAt: now,
  });
  await appendEvidence(tx, {
    ownerId,
    releaseId: null,
    kind: "report_made",
    at: now,
    actor: evidenceActor(by),
    data: { reportId: report.id, kind: a.kind, hasNote: !!a.note, threshold },
  });
  await audit(tx, {
    ownerId,
    reportId: report.id,
    action: "verifier_report.made",
    at: now,
    by,
    details: { kind: a.kind, threshold },
  });
  await enqueueMail(
    tx,
    reportMadeOwnerMail(deps.env.APP_URL, {
      to: owner.email,
      name: owner.name,
      reporterName: by.verifier.name,
      kind: a.kind,
      at: now,
      token,
      expiresAt: fineExpiresAt,
    }),
  );
  if (threshold <= 1) {
    await startWait(tx, deps, { report, owner, count: 1, now });
    return;
  }
  for (const v of verifiers.filter((x) => x.id !== by.verifier.id))
    for (const to of await addressesOf(tx, v))
      await enqueueMail(
        tx,
        reportConfirmAskMail(deps.env.APP_URL, {
          to,
          ownerName: owner.name,
          reporterName: by.verifier.name,
          kind: a.kind,
          link: linkFor(v),
        }),
      );
}

/** Another verifier confirms, once; the k-th confirmation starts the wait. */
export async function confirmReport(
  tx: Tx,
  deps: Deps,
  a: {
    report: FullReportRow;
    by: ReportActor;
    verifiers: AcceptedVerifier[];
    threshold: number;
    now: Date;
  },
) {
  const { report, by, now } = a;
  const before = await selectConfirmations(tx, [report.id]);
  if (before.some((c) => c.verifierId === by.verifier.id))
    throw new AppError("CONFLICT", REPORT_MSG.alreadyConfirmed);
  await insertConfirmation(tx, {
    reportId: report.id,
    verifierId: by.verifier.id,
    name: by.verifier.name,
    confirmedAt: now,
  });
  // only verifiers who are still accepted count (a removed one's confirmation is gone with them)
  const accepted = new Set(a.verifiers.map((v) => v.id));
  const count = [...before.map((c) => c.verifierId), by.verifier.id].filter((id) =>
    accepted.has(id),
  ).length;
  await appendEvidence(tx, {
    ownerId: report.ownerId,
    releaseId: null,
    kind: "report_confirmed",
    at: now,
    actor: evidenceActor(by),
    data: { reportId: report.id, confirmations: count, threshold: a.threshold },
  });
  await audit(tx, {
    ownerId: report.ownerId,
    reportId: report.id,
    action: "verifier_report.confirmed",
    at: now,
    by,
    details: { confirmations: count, threshold: a.threshold },
  });
  if (count < a.threshold) return;
  const owner = await selectOwner(tx, report.ownerId);
  if (!owner) throw new AppError("NOT_FOUND");
  await startWait(tx, deps, { report, owner, count, now });
}

/** k reached: the release wait starts (its own e-mail, veto and cancel link), and the report is closed as confirmed. */
async function startWait(
  tx: Tx,
  deps: Deps,
  a: {
    report: FullReportRow;
    owner: NonNullable<Awaited<ReturnType<typeof selectOwner>>>;
    count: number;
    now: Date;
  },
) {
  const { report, owner, now } = a;
  if (report.kind === "incapacity") {
    await startCareWait(tx, deps, a);
    return;
  }
  const others = a.count - 1;
  const release = await startRelease(tx, deps, {
    owner,
    trigger: "verifiers",
    waitDays: await getWaitDays(tx, owner.id),
    now,
    reason:
      `${report.reporterName} reported to Legacy Vault that you ${REPORT_KIND_TO_OWNER[report.kind]}` +
      (others > 0 ? `, and ${others} other verifier${others > 1 ? "s" : ""} confirmed it.` : "."),
    reportId: report.id,
  });
  await updateReport(tx, report.id, {
    status: "confirmed",
    closedAt: now,
    releaseId: release.id,
    fineTokenHash: null,
    fineExpiresAt: null,
  });
  await audit(tx, {
    ownerId: owner.id,
    reportId: report.id,
    action: "verifier_report.wait_started",
    at: now,
    by: null,
    details: { confirmations: a.count, releaseAt: release.releaseAt.toISOString() },
  });
}

/**
 * k confirmed an incapacity: the incapacity scope's own wait starts (decision 093), never the death
 * plan's. The report is closed as confirmed, with no release.
 */
async function startCareWait(
  tx: Tx,
  deps: Deps,
  a: { report: FullReportRow; owner: { id: string }; count: number; now: Date },
) {
  const { report, now } = a;
  const scope = await startIncapacity(tx, deps.env.APP_URL, {
    ownerId: a.owner.id,
    reportId: report.id,
    reporterName: report.reporterName,
    now,
  });
  await updateReport(tx, report.id, {
    status: "confirmed",
    closedAt: now,
    fineTokenHash: null,
    fineExpiresAt: null,
  });
  await audit(tx, {
    ownerId: a.owner.id,
    reportId: report.id,
    action: "verifier_report.incapacity_started",
    at: now,
    by: null,
    details: { confirmations: a.count, opensAt: scope.opensAt.toISOString() },
  });
}

/**
 * Stops an open report: nothing starts. Everyone who was told (the owner, and each accepted
 * verifier, each admin for the firm) is e-mailed that it stopped and why.
 */
export async function stopReport(
  tx: Tx,
  deps: Deps,
  a: {
    report: FullReportRow;
    via: ReportStoppedVia;
    by: ReportActor | null;
    actorId: string | null;
    now: Date;
  },
) {
  const { report, via, now } = a;
  if (report.status !== "open") throw new AppError("CONFLICT", REPORT_MSG.notOpen);
  await updateReport(tx, report.id, {
    status: "stopped",
    closedAt: now,
    stoppedVia: via,
    fineTokenHash: null,
    fineExpiresAt: null,
  });
  await appendEvidence(tx, {
    ownerId: report.ownerId,
    releaseId: null,
    kind: "report_withdrawn",
    at: now,
    actor: a.by ? evidenceActor(a.by) : { type: "owner", userId: report.ownerId, via },
    data: { reportId: report.id, via },
  });
  await recordAudit(tx, {
    actorId: a.actorId ?? a.by?.userId ?? null,
    action: "verifier_report.stopped",
    subjectType: "verifier_report",
    subjectId: report.id,
    ownerId: report.ownerId,
    at: now,
    ip: a.by?.ip ?? null,
    details: { via, ...(a.by ? { verifierId: a.by.verifier.id } : {}) },
  });
  const owner = await selectOwner(tx, report.ownerId);
  if (!owner) return;
  const byName = a.by?.verifier.name ?? "";
  const mail = { ownerName: owner.name, via, by: byName };
  await enqueueMail(
    tx,
    reportStoppedMail(deps.env.APP_URL, { ...mail, to: owner.email, isOwner: true }),
  );
  const { verifiers } = await getAcceptedVerifiers(tx, report.ownerId);
  for (const v of verifiers)
    for (const to of await addressesOf(tx, v))
      await enqueueMail(tx, reportStoppedMail(deps.env.APP_URL, { ...mail, to, isOwner: false }));
}
