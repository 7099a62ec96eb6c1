import {
  REPORT_KIND_TO_OWNER,
  REPORT_KIND_WORDS,
  type ReportStoppedVia,
  type ReportView,
} from "@common/verifier-reports";
import { formatDate } from "@/lib/format";

/** "2 of 3 have confirmed." (k confirmations start the wait; the reporter is the first). */
export function confirmedText(r: ReportView): string {
  const n = r.confirmations.length;
  return `${n} of ${r.threshold} ${n === 1 ? "has" : "have"} confirmed.`;
}

const STOPPED: Record<ReportStoppedVia, string> = {
  sign_in: "the person signed in",
  fine: "the person said they are fine",
  fine_link: "the person said they are fine",
  heard: "a verifier heard from them",
};

/**
 * A report in plain words, about `ownerName` (null: said to the owner): who reported what and
 * when, then where it stands ("1 of 2 have confirmed.", "The wait ends on 14 March.", "Stopped …").
 */
export function reportText(r: ReportView, ownerName: string | null): string {
  const what = ownerName
    ? `${ownerName} ${REPORT_KIND_WORDS[r.kind]}`
    : `you ${REPORT_KIND_TO_OWNER[r.kind]}`;
  const made = `${r.reporterName} reported on ${formatDate(r.reportedAt)} that ${what}.`;
  if (r.status === "open") return `${made} ${confirmedText(r)}`;
  if (r.status === "confirmed")
    return r.releaseAt
      ? `${made} ${confirmedText(r)} The wait ends on ${formatDate(r.releaseAt)}.`
      : `${made} ${confirmedText(r)}`;
  const why = r.stoppedVia ? `: ${STOPPED[r.stoppedVia]}` : "";
  return `${made} It was stopped on ${formatDate(r.closedAt ?? r.reportedAt)}${why}.`;
}
