import type { Db, Tx } from "../db/client.js";
import { deleteObjectRow, selectObject, upsertObject } from "./queries.js";

export type Bucket = "firm-logos";

/** Stores bytes under bucket/name (upsert). Buckets live in PostgreSQL: every app process sees them. */
export async function putObject(
  db: Db | Tx,
  object: { bucket: Bucket; name: string; contentType: string; data: Buffer },
) {
  await upsertObject(db, object);
}

export const getObject = (db: Db, bucket: Bucket, name: string) => selectObject(db, bucket, name);

export const deleteObject = (db: Db | Tx, bucket: Bucket, name: string) =>
  deleteObjectRow(db, bucket, name);

/** The public URL path of an object. */
export const publicPath = (bucket: Bucket, name: string) => `/storage/${bucket}/${name}`;
