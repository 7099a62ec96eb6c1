import { and, eq } from "drizzle-orm";
import type { AssetFileKind } from "../../common/assets/files.js";
import type { Tx } from "../db/client.js";
import { assetFileUploads } from "../db/schema/index.js";

/** Under withActor: the policy reaches only uploads to the actor's own assets (migration 0065). */

export type NewFileUpload = {
  id: string;
  assetId: string;
  kind: AssetFileKind;
  contentType: string;
  size: number;
  chunkCount: number;
};

export const insertFileUpload = (tx: Tx, upload: NewFileUpload) =>
  tx.insert(assetFileUploads).values(upload);

/** The upload of this id to this asset's file of this kind, or null. */
export const selectFileUpload = (
  tx: Tx,
  { id, assetId, kind }: { id: string; assetId: string; kind: AssetFileKind },
) =>
  tx
    .select({
      id: assetFileUploads.id,
      contentType: assetFileUploads.contentType,
      size: assetFileUploads.size,
      chunkCount: assetFileUploads.chunkCount,
    })
    .from(assetFileUploads)
    .where(
      and(
        eq(assetFileUploads.id, id),
        eq(assetFileUploads.assetId, assetId),
        eq(assetFileUploads.kind, kind),
      ),
    )
    .then((rows) => rows[0] ?? null);
