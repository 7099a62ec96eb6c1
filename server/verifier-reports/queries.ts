import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  profiles,
  releases,
  verifierReportConfirmations,
  verifierReportDocuments,
  verifierReports,
  verifierSignIns,
} from "../db/schema/index.js";

/**
 * The reports domain's SQL (docs/decisions/082). Every query is a system query after the access
 * check, whose first condition is the owner, the report, the address or a token's hash.
 */

export const reportColumns = {
  id: verifierReports.id,
  ownerId: verifierReports.ownerId,
  kind: verifierReports.kind,
  note: verifierReports.note,
  reportedBy: verifierReports.reportedBy,
  reporterName: verifierReports.reporterName,
  status: verifierReports.status,
  createdAt: verifierReports.createdAt,
  closedAt: verifierReports.closedAt,
  stoppedVia: verifierReports.stoppedVia,
  releaseId: verifierReports.releaseId,
  releaseAt: releases.releaseAt,
  releaseStatus: releases.status,
};

/** The owner's latest report (open or not), with its release's end while it waits. */
export async function selectLatestReport(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select(reportColumns)
    .from(verifierReports)
    .leftJoin(releases, eq(releases.id, verifierReports.releaseId))
    .where(eq(verifierReports.ownerId, ownerId))
    .orderBy(desc(verifierReports.createdAt))
    .limit(1);
  return row ?? null;
}
export type ReportRow = NonNullable<Awaited<ReturnType<typeof selectLatestReport>>>;

/** The owner's open report, locked; null when none is open. */
export async function selectOpenReportForUpdate(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select()
    .from(verifierReports)
    .where(and(eq(verifierReports.ownerId, ownerId), eq(verifierReports.status, "open")))
    .for("update");
  return row ?? null;
}
export type FullReportRow = NonNullable<Awaited<ReturnType<typeof selectOpenReportForUpdate>>>;

export async function selectReportByFineHash(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(verifierReports)
    .where(eq(verifierReports.fineTokenHash, tokenHash))
    .for("update");
  return row ?? null;
}

export const insertReport = (tx: Tx, row: typeof verifierReports.$inferInsert) =>
  tx
    .insert(verifierReports)
    .values(row)
    .returning()
    .then((r) => r[0] ?? null);

export const updateReport = (
  tx: Tx,
  id: string,
  set: Partial<Omit<typeof verifierReports.$inferInsert, "id" | "ownerId">>,
) => tx.update(verifierReports).set(set).where(eq(verifierReports.id, id));

export const insertConfirmation = (tx: Tx, row: typeof verifierReportConfirmations.$inferInsert) =>
  tx.insert(verifierReportConfirmations).values(row).onConflictDoNothing();

export const selectConfirmations = (tx: Tx, reportIds: string[]) =>
  reportIds.length
    ? tx
        .select()
        .from(verifierReportConfirmations)
        .where(inArray(verifierReportConfirmations.reportId, reportIds))
        .orderBy(asc(verifierReportConfirmations.confirmedAt))
    : Promise.resolve([]);

export async function selectOwner(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      role: profiles.role,
      firmId: profiles.firmId,
    })
    .from(profiles)
    .where(eq(profiles.id, ownerId));
  return row ?? null;
}

/* ---------- a verifier's sign-in on /verifier/report ---------- */

export const insertSignIn = (tx: Tx, row: typeof verifierSignIns.$inferInsert) =>
  tx.insert(verifierSignIns).values(row);

/** The address's newest sign-in, locked (its code is the one that counts). */
export async function selectLatestSignIn(tx: Tx, email: string) {
  const [row] = await tx
    .select()
    .from(verifierSignIns)
    .where(eq(verifierSignIns.email, email))
    .orderBy(desc(verifierSignIns.createdAt))
    .limit(1)
    .for("update");
  return row ?? null;
}

export const updateSignIn = (
  tx: Tx,
  id: string,
  set: Partial<Omit<typeof verifierSignIns.$inferInsert, "id" | "email">>,
) => tx.update(verifierSignIns).set(set).where(eq(verifierSignIns.id, id));

/** The address of a session that still works; null otherwise. */
export async function selectSessionEmail(tx: Tx, sessionHash: string, now: Date) {
  const [row] = await tx
    .select({ email: verifierSignIns.email })
    .from(verifierSignIns)
    .where(
      and(eq(verifierSignIns.sessionHash, sessionHash), gt(verifierSignIns.sessionExpiresAt, now)),
    );
  return row?.email ?? null;
}

/* ---------- the reporter's document ---------- */

/** One document per report: a second upload replaces the first. */
export async function upsertDocument(tx: Tx, row: typeof verifierReportDocuments.$inferInsert) {
  await tx
    .insert(verifierReportDocuments)
    .values(row)
    .onConflictDoUpdate({
      target: verifierReportDocuments.reportId,
      set: { fileName: row.fileName, contentType: row.contentType, size: row.size, data: row.data },
    });
}

export async function selectDocument(tx: Tx, reportId: string) {
  const [row] = await tx
    .select()
    .from(verifierReportDocuments)
    .where(eq(verifierReportDocuments.reportId, reportId));
  return row ?? null;
}

export async function hasDocument(tx: Tx, reportId: string) {
  const [row] = await tx
    .select({ id: verifierReportDocuments.reportId })
    .from(verifierReportDocuments)
    .where(eq(verifierReportDocuments.reportId, reportId));
  return !!row;
}
