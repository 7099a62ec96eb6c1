import type {
  ClientImportProblem,
  ClientImportProblemRowView,
  ClientImportView,
} from "../../common/client-imports.js";
import type { ClientImport, ClientImportRow } from "./queries.js";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentClientImport(
  row: ClientImport,
  counts: { problem: string | null; n: number }[],
): ClientImportView {
  const problemCounts: ClientImportView["problemCounts"] = {};
  for (const c of counts) if (c.problem) problemCounts[c.problem as ClientImportProblem] = c.n;
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    readyRows: row.readyRows,
    processedRows: row.processedRows,
    invitedRows: row.invitedRows,
    problemCounts,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** A row with a problem: its line, name, e-mail and the problem (never its phone, reference or note). */
export const presentProblemRow = (row: ClientImportRow): ClientImportProblemRowView => ({
  line: row.line,
  name: row.name,
  email: row.email,
  problem: row.problem as ClientImportProblem,
  duplicateOf: row.duplicateOf,
});
