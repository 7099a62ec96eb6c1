import { REPORT_MSG } from "../../common/verifier-reports.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { RELEASE_DOCUMENT_TYPES_MESSAGE, sniffReleaseDocument } from "../release/document.js";
import { selectDocument, selectLatestReport, upsertDocument } from "./queries.js";

/**
 * The reporter's document (docs/decisions/082), e.g. a death certificate: PDF, JPEG or PNG, at
 * most 10 MB (the route's limit), sealed at rest with the server's document key as the firm's
 * attestation document is. It is not vault content and not end-to-end encrypted: verifiers hold
 * no key (docs/release-keys.md). The callers check who asks; this file checks the report.
 */

/** The reporter adds (or replaces) the document of the latest report, while it is open or its wait runs. */
export async function putDocument(
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
export async function readDocument(tx: Tx, deps: Deps, ownerId: string) {
  const report = await selectLatestReport(tx, ownerId);
  const row = report ? await selectDocument(tx, report.id) : null;
  if (!report || !row) throw new AppError("NOT_FOUND");
  return {
    fileName: row.fileName,
    contentType: row.contentType,
    data: deps.documentSealer.open(`verifier-report:${report.id}`, row.data),
  };
}
