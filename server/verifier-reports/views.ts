import type { ReportView } from "../../common/verifier-reports.js";
import type { Tx } from "../db/client.js";
import { getAcceptedVerifiers } from "../verifiers/roles.js";
import { presentReport } from "./present.js";
import { hasDocument, selectConfirmations, selectLatestReport } from "./queries.js";

/** A closed report is shown this long after it closed (then the screens forget it). */
const SHOWN_AFTER_CLOSE_MS = 30 * 86_400_000;

/**
 * The owner's report as everyone allowed sees it: the open one, or the latest closed in the last
 * 30 days; with the confirmations of verifiers still accepted and k. `hasConfirmed`: `verifierId`'s.
 */
export async function loadReportView(
  tx: Tx,
  a: { ownerId: string; now: Date; verifierId?: string },
): Promise<{ report: ReportView | null; hasConfirmed: boolean }> {
  const row = await selectLatestReport(tx, a.ownerId);
  const isShown =
    row &&
    (row.status === "open" ||
      row.releaseStatus === "waiting" ||
      a.now.getTime() - (row.closedAt?.getTime() ?? 0) < SHOWN_AFTER_CLOSE_MS);
  if (!row || !isShown) return { report: null, hasConfirmed: false };
  const { verifiers, threshold } = await getAcceptedVerifiers(tx, a.ownerId);
  const accepted = new Set(verifiers.map((v) => v.id));
  const all = await selectConfirmations(tx, [row.id]);
  const confirmations = all.filter((c) => accepted.has(c.verifierId));
  return {
    report: presentReport(row, {
      confirmations,
      threshold,
      hasDocument: await hasDocument(tx, row.id),
    }),
    hasConfirmed: !!a.verifierId && all.some((c) => c.verifierId === a.verifierId),
  };
}
