import { REPORT_MSG } from "../../common/verifier-reports.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { RELEASE_DOCUMENT_TYPES_MESSAGE, sniffReleaseDocument } from "../release/document.js";
import { loadActor } from "./public.js";
import { selectDocument, selectLatestReport, upsertDocument } from "./queries.js";
import { loadFirmActor } from "./service.js";

/**
 * The reporter's document (docs/decisions/082), e.g. a death certificate: PDF, JPEG or PNG, at
 * most 10 MB (the route's limit), sealed at rest with the server's document key as the firm's
 * attestation document is. It is not vault content and not end-to-end encrypted: verifiers hold
 * no key (docs/release-keys.md). Uploaded by the verifier who reported; read by the owner, the
 * owner's accepted verifiers (with their session) and the admins of the owner's firm when it is an
 * accepted verifier. Anyone else: 404.
 */

type Upload = { fileName: string; data: Buffer };
/** A person verifier on /verifier/report: their session and which of their roles acts. */
type PersonSession = { session: string; verifierId: string; ip: string };

/** The reporter adds (or replaces) the document of the latest report, while it is open or its wait runs. */
async function putDocument(
  deps: Deps,
  a: {
    ownerId: string;
    verifierId: string;
    actorId: string | null;
    ip: string | null;
    fileName: string;
    data: Buffer;
  },
) {
  const contentType = sniffReleaseDocument(a.data);
  if (!contentType) throw new AppError("UNSUPPORTED_MEDIA_TYPE", RELEASE_DOCUMENT_TYPES_MESSAGE);
  await asSystem(deps.db, async (tx) => {
    const report = await selectLatestReport(tx, a.ownerId);
    if (!report || report.reportedBy !== a.verifierId) throw new AppError("NOT_FOUND");
    if (report.status !== "open" && report.releaseStatus !== "waiting")
      throw new AppError("CONFLICT", REPORT_MSG.notOpen);
    await upsertDocument(tx, {
      reportId: report.id,
      fileName: a.fileName.trim().slice(0, 200) || "document",
      contentType,
      size: a.data.length,
      data: deps.documentSealer.seal(`verifier-report:${report.id}`, a.data),
    });
    await recordAudit(tx, {
      actorId: a.actorId,
      action: "verifier_report.document_added",
      subjectType: "verifier_report",
      subjectId: report.id,
      ownerId: a.ownerId,
      at: deps.clock.now(),
      ip: a.ip,
      details: { verifierId: a.verifierId, contentType, size: a.data.length },
    });
  });
}

/** The document of the owner's latest report, opened; NOT_FOUND when there is none. */
async function readDocument(tx: Tx, deps: Deps, ownerId: string) {
  const report = await selectLatestReport(tx, ownerId);
  const row = report ? await selectDocument(tx, report.id) : null;
  if (!report || !row) throw new AppError("NOT_FOUND");
  return {
    fileName: row.fileName,
    contentType: row.contentType,
    data: deps.documentSealer.open(`verifier-report:${report.id}`, row.data),
  };
}

/** GET /api/reports/document: the owner's own. */
export async function readOwnDocument(deps: Deps, actor: ActorProfile) {
  requireAccess(actor, "verifiers:manage", { ownerId: actor.id });
  return asSystem(deps.db, (tx) => readDocument(tx, deps, actor.id));
}

/** PUT /api/clients/:id/report/document: the firm, when it is the verifier who reported. */
export async function putFirmDocument(
  deps: Deps,
  actor: ActorProfile,
  a: Upload & { clientId: string; ip: string },
) {
  const found = await asSystem(deps.db, (tx) => loadFirmActor(tx, actor, a.clientId));
  if (!found.verifier) throw new AppError("NOT_FOUND");
  await putDocument(deps, {
    ownerId: found.client.id,
    verifierId: found.verifier.id,
    actorId: actor.id,
    ip: a.ip,
    fileName: a.fileName,
    data: a.data,
  });
}

/** GET /api/clients/:id/report/document: the firm's admins, when the firm is an accepted verifier. */
export async function readFirmDocument(deps: Deps, actor: ActorProfile, clientId: string) {
  return asSystem(deps.db, async (tx) => {
    const found = await loadFirmActor(tx, actor, clientId);
    if (!found.verifier) throw new AppError("NOT_FOUND");
    return readDocument(tx, deps, found.client.id);
  });
}

/** PUT /api/verifier/report/document: a person verifier who reported, with their session. */
export async function putPersonDocument(deps: Deps, who: PersonSession, upload: Upload) {
  const found = await asSystem(deps.db, (tx) => loadActor(tx, deps, who));
  await putDocument(deps, {
    ownerId: found.ownerId,
    verifierId: found.verifier.id,
    actorId: null,
    ip: who.ip,
    ...upload,
  });
}

/** POST /api/verifier/report/document: any accepted verifier of the owner, with their session. */
export async function readPersonDocument(deps: Deps, who: PersonSession) {
  return asSystem(deps.db, async (tx) => {
    const found = await loadActor(tx, deps, who);
    return readDocument(tx, deps, found.ownerId);
  });
}
