import type { ReportView } from "@common/verifier-reports";

/** An open report about the owner, made by one of two verifiers needed (component tests). */
export const openReport: ReportView = {
  id: "r1",
  kind: "death",
  note: null,
  reporterName: "Anna Smith",
  reportedAt: "2026-12-02T10:00:00.000Z",
  status: "open",
  confirmations: [{ name: "Anna Smith", at: "2026-12-02T10:00:00.000Z" }],
  threshold: 2,
  releaseAt: null,
  stoppedVia: null,
  closedAt: null,
  hasDocument: false,
};
