import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { clientImportRows, clientImports, profiles } from "../db/schema/index.js";
import type { ClientImportRowInput } from "../../common/client-imports.js";

export type ClientImport = typeof clientImports.$inferSelect;
export type ClientImportRow = typeof clientImportRows.$inferSelect;

/** Rows written per INSERT: under PostgreSQL's 65,535 parameters with 8 columns. */
const INSERT_CHUNK = 2000;

/** System: the firm's import of the file with this hash, if it was uploaded before. */
export const findImportByHash = (tx: Tx, firmId: string, fileHash: string) =>
  tx
    .select()
    .from(clientImports)
    .where(and(eq(clientImports.firmId, firmId), eq(clientImports.fileHash, fileHash)))
    .then((r) => r[0] ?? null);

/** System: how many files the firm uploaded since `since`. */
export const countImportsSince = (tx: Tx, firmId: string, since: Date) =>
  tx
    .select({ n: count() })
    .from(clientImports)
    .where(and(eq(clientImports.firmId, firmId), gt(clientImports.createdAt, since)))
    .then((r) => r[0]?.n ?? 0);

/** System: which of `emails` are profiles of the firm, and in which role. */
export const selectFirmPeople = (tx: Tx, firmId: string, emails: string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : tx
        .select({ email: profiles.email, role: profiles.role })
        .from(profiles)
        .where(and(eq(profiles.firmId, firmId), inArray(profiles.email, emails)));

export async function insertImport(
  tx: Tx,
  values: typeof clientImports.$inferInsert,
  rows: ClientImportRowInput[],
): Promise<ClientImport> {
  const [created] = await tx.insert(clientImports).values(values).returning();
  if (!created) throw new Error("client import not inserted");
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, importId: created.id }));
    await tx.insert(clientImportRows).values(chunk);
  }
  return created;
}

/** Under withActor (row-level security: the actor's firm, admins and staff): one import. */
export const findImport = (tx: Tx, firmId: string, id: string) =>
  tx
    .select()
    .from(clientImports)
    .where(and(eq(clientImports.id, id), eq(clientImports.firmId, firmId)))
    .then((r) => r[0] ?? null);

/** Under withActor: the firm's latest imports. */
export const listImports = (tx: Tx, firmId: string, limit: number) =>
  tx
    .select()
    .from(clientImports)
    .where(eq(clientImports.firmId, firmId))
    .orderBy(desc(clientImports.createdAt), desc(clientImports.id))
    .limit(limit);

/** How many rows of each import have each problem. */
export const countProblems = (tx: Tx, importIds: string[]) =>
  importIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          importId: clientImportRows.importId,
          problem: clientImportRows.problem,
          n: count(),
        })
        .from(clientImportRows)
        .where(
          and(inArray(clientImportRows.importId, importIds), isNotNull(clientImportRows.problem)),
        )
        .groupBy(clientImportRows.importId, clientImportRows.problem);

/** The first `limit` rows with a problem, in file order. */
export const listProblemRows = (tx: Tx, importId: string, limit: number) =>
  tx
    .select()
    .from(clientImportRows)
    .where(and(eq(clientImportRows.importId, importId), isNotNull(clientImportRows.problem)))
    .orderBy(asc(clientImportRows.line))
    .limit(limit);

/** System: a previewed import of the firm becomes "sending" (once; null when it was not previewed). */
export const markSending = (
  tx: Tx,
  start: { firmId: string; id: string; startedBy: string; inviterName: string },
) =>
  tx
    .update(clientImports)
    .set({
      status: "sending",
      startedBy: start.startedBy,
      inviterName: start.inviterName,
      startedAt: sql`now()`,
    })
    .where(
      and(
        eq(clientImports.id, start.id),
        eq(clientImports.firmId, start.firmId),
        eq(clientImports.status, "previewed"),
      ),
    )
    .returning()
    .then((r) => r[0] ?? null);

/**
 * System: the next rows to invite of any sending import, locked for this transaction; rows another
 * process holds are skipped (SKIP LOCKED), so each row is claimed once across processes.
 */
export const claimTodoRows = (tx: Tx, limit: number) =>
  tx
    .select({
      importId: clientImportRows.importId,
      line: clientImportRows.line,
      name: clientImportRows.name,
      email: clientImportRows.email,
      matterRef: clientImportRows.matterRef,
      note: clientImportRows.note,
      firmId: clientImports.firmId,
      startedBy: clientImports.startedBy,
      inviterName: clientImports.inviterName,
    })
    .from(clientImportRows)
    .innerJoin(clientImports, eq(clientImports.id, clientImportRows.importId))
    .where(
      and(
        eq(clientImports.status, "sending"),
        isNull(clientImportRows.problem),
        isNull(clientImportRows.processedAt),
      ),
    )
    .orderBy(
      asc(clientImports.startedAt),
      asc(clientImportRows.importId),
      asc(clientImportRows.line),
    )
    .limit(limit)
    .for("update", { of: clientImportRows, skipLocked: true });

/** System: these lines of an import are done; `skipped` of them get the problem "already invited". */
export async function markRowsProcessed(
  tx: Tx,
  done: { importId: string; lines: number[]; skipped: number[] },
) {
  await tx
    .update(clientImportRows)
    .set({ processedAt: sql`now()` })
    .where(
      and(eq(clientImportRows.importId, done.importId), inArray(clientImportRows.line, done.lines)),
    );
  if (done.skipped.length > 0)
    await tx
      .update(clientImportRows)
      .set({ problem: "already_invited" })
      .where(
        and(
          eq(clientImportRows.importId, done.importId),
          inArray(clientImportRows.line, done.skipped),
        ),
      );
  const invited = done.lines.length - done.skipped.length;
  // done when every ready row is processed, in the same statement that counts this batch
  return tx
    .update(clientImports)
    .set({
      processedRows: sql`${clientImports.processedRows} + ${done.lines.length}`,
      invitedRows: sql`${clientImports.invitedRows} + ${invited}`,
      status: sql`case when ${clientImports.processedRows} + ${done.lines.length} >= ${clientImports.readyRows} then 'done' else 'sending' end`,
      finishedAt: sql`case when ${clientImports.processedRows} + ${done.lines.length} >= ${clientImports.readyRows} then now() end`,
    })
    .where(eq(clientImports.id, done.importId))
    .returning()
    .then((r) => r[0] ?? null);
}
