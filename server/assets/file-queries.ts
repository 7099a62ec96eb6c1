import { and, eq, sql } from "drizzle-orm";
import type { AssetFileKind } from "../../common/vault-constants.js";
import { readBytea, writeBytea } from "../db/bytea.js";
import type { Tx } from "../db/client.js";
import { assetFiles } from "../db/schema.js";
import { FILE_META } from "./queries.js";

/** Under withActor: asset_files' policy reaches only files of the actor's own assets. */

export function upsertFile(tx: Tx, assetId: string, kind: AssetFileKind, contentType: string, data: Buffer) {
  return tx
    .insert(assetFiles)
    .values({ assetId, kind, contentType, size: data.length, data: writeBytea(data) })
    .onConflictDoUpdate({
      target: [assetFiles.assetId, assetFiles.kind],
      set: { contentType: sql`excluded.content_type`, size: sql`excluded.size`, data: sql`excluded.data`, createdAt: sql`now()` },
    })
    .returning(FILE_META)
    .then((r) => r[0] ?? null);
}

export const selectFileData = (tx: Tx, assetId: string, kind: AssetFileKind) =>
  tx
    .select({ data: readBytea(assetFiles.data) })
    .from(assetFiles)
    .where(and(eq(assetFiles.assetId, assetId), eq(assetFiles.kind, kind)))
    .limit(1)
    .then((r) => r[0]?.data ?? null);

export const deleteFileRow = (tx: Tx, assetId: string, kind: AssetFileKind) =>
  tx
    .delete(assetFiles)
    .where(and(eq(assetFiles.assetId, assetId), eq(assetFiles.kind, kind)))
    .returning({ kind: assetFiles.kind });
