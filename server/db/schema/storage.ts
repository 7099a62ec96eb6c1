import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.js";

/** The stores that may hold a file uploaded in chunks (asset_files.chunked_in, docs/decisions/108). */
export const CHUNK_STORES = ["postgres", "s3"] as const;
export type ChunkStoreName = (typeof CHUNK_STORES)[number];

export const storageObjects = pgTable(
  "storage_objects",
  {
    bucket: text("bucket").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.name] })],
);

/**
 * Objects to delete from the object store once due (migration 0051, docs/decisions/090): written
 * before an upload's first object and taken away by the file row that references it; put back by
 * the triggers when a file row lets go of its blob. Never reached by lv_app.
 */
export const storedBlobSweeps = pgTable(
  "stored_blob_sweeps",
  {
    blobId: uuid("blob_id").primaryKey(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stored_blob_sweeps_due_idx").on(t.dueAt)],
);

/**
 * The database's blob store (migration 0065, docs/decisions/108): one chunk of a blob per row.
 * Never reached by lv_app; the server reads it after the request's access check.
 */
export const storedBlobChunks = pgTable(
  "stored_blob_chunks",
  {
    blobId: uuid("blob_id").notNull(),
    index: integer("idx").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ name: "stored_blob_chunks_pk", columns: [t.blobId, t.index] })],
);
