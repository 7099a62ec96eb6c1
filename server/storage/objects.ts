import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { storageObjects } from "../db/schema/index.js";

export type Bucket = "firm-logos";

/** Stores bytes under bucket/name (upsert). Buckets live in PostgreSQL: every app process sees them. */
export async function putObject(db: Db | Tx, bucket: Bucket, name: string, contentType: string, data: Buffer) {
  await db
    .insert(storageObjects)
    .values({ bucket, name, contentType, size: data.length, data })
    .onConflictDoUpdate({ target: [storageObjects.bucket, storageObjects.name], set: { contentType, size: data.length, data } });
}

export async function getObject(db: Db, bucket: Bucket, name: string) {
  const rows = await db
    .select()
    .from(storageObjects)
    .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.name, name)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteObject(db: Db | Tx, bucket: Bucket, name: string) {
  await db.delete(storageObjects).where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.name, name)));
}

/** The public URL path of an object. */
export const publicPath = (bucket: Bucket, name: string) => `/storage/${bucket}/${name}`;
