import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { releaseEvidence } from "../db/schema/index.js";

export type EvidenceRow = typeof releaseEvidence.$inferSelect;

/**
 * Serialises appends to one owner's chain until the transaction ends: two steps at once (a
 * beneficiary opening an item while another signs in) each read the last hash after the other wrote.
 */
export async function lockChain(tx: Tx, ownerId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`release_evidence:${ownerId}`}, 0))`,
  );
}

/** lockChain for several owners at once, in the order given (the caller sorts: two batches never deadlock). */
export async function lockChains(tx: Tx, ownerIds: string[]) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('release_evidence:' || o, 0)) from unnest(${sql.param(ownerIds)}::text[]) o`,
  );
}

export async function selectLastEntry(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select({ seq: releaseEvidence.seq, hash: releaseEvidence.hash })
    .from(releaseEvidence)
    .where(eq(releaseEvidence.ownerId, ownerId))
    .orderBy(desc(releaseEvidence.seq))
    .limit(1);
  return row ?? null;
}

/** The last entry of each of these owners' chains (none for an owner with no chain yet). */
export function selectLastEntries(tx: Tx, ownerIds: string[]) {
  return tx
    .selectDistinctOn([releaseEvidence.ownerId], {
      ownerId: releaseEvidence.ownerId,
      seq: releaseEvidence.seq,
      hash: releaseEvidence.hash,
    })
    .from(releaseEvidence)
    .where(inArray(releaseEvidence.ownerId, ownerIds))
    .orderBy(releaseEvidence.ownerId, desc(releaseEvidence.seq));
}

export async function insertEntries(tx: Tx, rows: EvidenceRow[]) {
  if (rows.length) await tx.insert(releaseEvidence).values(rows);
}

export async function insertEntry(tx: Tx, row: EvidenceRow) {
  await tx.insert(releaseEvidence).values(row);
}

/** Whether the chain already records `kind` for this release and beneficiary (a first access). */
export async function hasEntry(
  tx: Tx,
  {
    ownerId,
    releaseId,
    kind,
    beneficiaryEmail,
  }: Pick<EvidenceRow, "ownerId" | "kind"> & {
    releaseId: string;
    beneficiaryEmail: string;
  },
) {
  const rows = await tx
    .select({ seq: releaseEvidence.seq })
    .from(releaseEvidence)
    .where(
      and(
        eq(releaseEvidence.ownerId, ownerId),
        eq(releaseEvidence.releaseId, releaseId),
        eq(releaseEvidence.kind, kind),
        eq(releaseEvidence.beneficiaryEmail, beneficiaryEmail),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The owner's whole chain, in order. */
export function selectChain(tx: Tx, ownerId: string) {
  return tx
    .select()
    .from(releaseEvidence)
    .where(eq(releaseEvidence.ownerId, ownerId))
    .orderBy(asc(releaseEvidence.seq));
}
