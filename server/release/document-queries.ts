import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { releaseDocuments } from "../db/schema/index.js";

export type ReleaseDocumentRow = typeof releaseDocuments.$inferInsert;

/** One document per release: a second upload replaces the first. */
export async function upsertReleaseDocument(tx: Tx, row: ReleaseDocumentRow) {
  await tx
    .insert(releaseDocuments)
    .values(row)
    .onConflictDoUpdate({
      target: releaseDocuments.releaseId,
      set: { fileName: row.fileName, contentType: row.contentType, size: row.size, data: row.data },
    });
}

export async function selectReleaseDocument(tx: Tx, releaseId: string) {
  const [row] = await tx
    .select()
    .from(releaseDocuments)
    .where(eq(releaseDocuments.releaseId, releaseId));
  return row ?? null;
}
