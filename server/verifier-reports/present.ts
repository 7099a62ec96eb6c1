import type { ReportStoppedVia, ReportView } from "../../common/verifier-reports.js";
import type { ReportRow } from "./queries.js";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A report as the owner, its verifiers and the firm's admins see it: verifiers' names and times,
 * never an address, a hash or anything of the vault. A report whose wait was cancelled reads as
 * stopped (the owner's veto of the release closes the report too).
 */
export function presentReport(
  r: ReportRow,
  a: {
    confirmations: { name: string; confirmedAt: Date }[];
    threshold: number;
    hasDocument: boolean;
  },
): ReportView {
  const isWaitCancelled = r.status === "confirmed" && r.releaseStatus === "cancelled";
  return {
    id: r.id,
    kind: r.kind,
    note: r.note,
    reporterName: r.reporterName,
    reportedAt: r.createdAt.toISOString(),
    status: isWaitCancelled ? "stopped" : r.status,
    confirmations: a.confirmations.map((c) => ({ name: c.name, at: c.confirmedAt.toISOString() })),
    threshold: a.threshold,
    releaseAt: r.releaseStatus === "waiting" ? iso(r.releaseAt) : null,
    stoppedVia: (r.stoppedVia as ReportStoppedVia | null) ?? (isWaitCancelled ? "fine" : null),
    closedAt: iso(r.closedAt),
    hasDocument: a.hasDocument,
  };
}
