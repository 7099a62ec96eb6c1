import type { Db, Tx } from "../db/client.js";
import { auditLog } from "../db/schema/index.js";

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: Db | Tx, row: AuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** Several rows in one statement. */
export async function insertAuditRows(db: Db | Tx, rows: AuditRow[]): Promise<void> {
  if (rows.length) await db.insert(auditLog).values(rows);
}

/** Inserts the row unless one with its dedup_key is already there. */
export async function insertAuditRowOnce(
  db: Db | Tx,
  row: AuditRow & { dedupKey: string },
): Promise<void> {
  await db.insert(auditLog).values(row).onConflictDoNothing();
}
