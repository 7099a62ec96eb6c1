import { asc, eq, lte } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { storedBlobSweeps } from "../db/schema/index.js";

/** The SQL of stored_blob_sweeps (migration 0051): run as the app's own role, never as lv_app. */

/** An upload's claim before its first object: due at `dueAt` unless a file row takes the blob first. */
export const insertBlobSweep = (db: Db, blobId: string, dueAt: Date) =>
  db.insert(storedBlobSweeps).values({ blobId, dueAt }).onConflictDoNothing();

export const listDueBlobSweeps = (db: Db, now: Date, limit: number) =>
  db
    .select({ blobId: storedBlobSweeps.blobId })
    .from(storedBlobSweeps)
    .where(lte(storedBlobSweeps.dueAt, now))
    .orderBy(asc(storedBlobSweeps.dueAt))
    .limit(limit);

export const deleteBlobSweep = (db: Db, blobId: string) =>
  db.delete(storedBlobSweeps).where(eq(storedBlobSweeps.blobId, blobId));

/** An open upload's claim, moved on (only while the claim exists: a taken or swept blob stays so). */
export const updateBlobSweepDue = (db: Db, blobId: string, dueAt: Date) =>
  db.update(storedBlobSweeps).set({ dueAt }).where(eq(storedBlobSweeps.blobId, blobId));
