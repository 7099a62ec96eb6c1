import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { storageObjects } from "../db/schema/index.js";

/** The SQL of the object store (storage_objects): every statement on it lives here. */

const objectAt = (bucket: string, name: string) =>
  and(eq(storageObjects.bucket, bucket), eq(storageObjects.name, name));

export async function upsertObject(
  db: Db | Tx,
  object: { bucket: string; name: string; contentType: string; data: Buffer },
) {
  const { bucket, name, contentType, data } = object;
  await db
    .insert(storageObjects)
    .values({ bucket, name, contentType, size: data.length, data })
    .onConflictDoUpdate({
      target: [storageObjects.bucket, storageObjects.name],
      set: { contentType, size: data.length, data },
    });
}

export async function selectObject(db: Db, bucket: string, name: string) {
  const rows = await db.select().from(storageObjects).where(objectAt(bucket, name)).limit(1);
  return rows[0] ?? null;
}

export async function deleteObjectRow(db: Db | Tx, bucket: string, name: string) {
  await db.delete(storageObjects).where(objectAt(bucket, name));
}
