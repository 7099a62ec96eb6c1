import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { taskProofContext } from "../../common/executor-tasks.js";
import { releasedEstate, withTasks } from "../../test/factories/executor-estate.js";
import { executorEstate, openWith, sealWith } from "../../test/factories/executor-tasks.js";
import { portalClient } from "../../test/factories/release.js";
import { createTestContext, rowsOf, type TestContext } from "../../test/harness.js";
import { listTestObjects, startTestS3, type S3TestSettings } from "../../test/s3-server.js";
import { bytesOf, type BlobStore } from "../blobs/blob-store.js";
import { createOffsetClock } from "../clock.js";
import { sweepBlobs } from "../storage/blob-sweep.js";

/*
 * The executor's task proofs follow the file store (docs/decisions/090, 099): with FILE_STORE=s3
 * their ciphertext is in the bucket (s3rver in this process), the row names the blob, and the
 * sweep's guarantees hold as for the vault's files. On PGlite and PostgreSQL alike.
 */

let ctx: TestContext;
let s3: S3TestSettings;
const clock = createOffsetClock();
beforeAll(async () => {
  s3 = await startTestS3();
  ctx = await createTestContext(s3, { clock });
});
afterAll(() => ctx.close());

const deps = () => ctx.services.deps;
const blobs = () => {
  const store = deps().files.blobs;
  if (!store) throw new Error("no object store");
  return store;
};
/** What FILE_STORE says from now on (the same bucket stays set): a switch between two deployments. */
const setFileStore = (files: { blobs: BlobStore; isS3: boolean }) => {
  deps().files = files;
};
let realStore: BlobStore;
beforeAll(() => {
  realStore = blobs();
});
afterEach(() => setFileStore({ blobs: realStore, isS3: true }));

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await deps().db.execute(query));
/** The proof's row as stored: how many bytes its data column holds, and its blob. */
const proofRow = async (proofId: string) =>
  (
    await rows<{ data_bytes: number | null; blob_id: string | null }>(
      sql`select octet_length(data) as data_bytes, blob_id from executor_task_proofs where id = ${proofId}`,
    )
  )[0];
/** The blob's row in the sweep's list: how many seconds from now it is due, or undefined. */
const sweepDueIn = async (blobId: string) =>
  (
    await rows<{ seconds: number }>(
      sql`select extract(epoch from due_at - now())::float as seconds from stored_blob_sweeps where blob_id = ${blobId}`,
    )
  )[0]?.seconds;
const sweepCount = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from stored_blob_sweeps`))[0]?.n;
const makeDue = () =>
  deps().db.execute(sql`update stored_blob_sweeps set due_at = now() - interval '1 second'`);
const keysOf = async (blobId: string) =>
  (await listTestObjects(s3)).filter((key) => key.startsWith(`files/${blobId}/`));

type Workspace = Awaited<ReturnType<typeof workspace>>;
async function workspace() {
  const v = await releasedEstate(ctx, clock);
  return { v, t: await withTasks(v) };
}
/** Emma's browser seals `plaintext` as a proof of the bank task and uploads it. */
async function uploadProof(
  { v, t }: Workspace,
  { proofId = randomUUID(), plaintext }: { proofId?: string; plaintext: Buffer },
) {
  const sealed = await sealWith(t.wk, taskProofContext(t.bank.id, proofId), plaintext);
  const res = await v.emmaPortal.send(
    "PUT",
    `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`,
    sealed,
    { "content-type": "application/octet-stream" },
  );
  return { res, proofId, sealed };
}
async function downloadProof({ v, t }: Workspace, proofId: string) {
  const res = await v.emmaPortal.request("GET", `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}
const proofIdsOf = async ({ v, t }: Workspace) =>
  (await executorEstate(v.emmaPortal, v.owner.id)).tasks
    .find((x) => x.id === t.bank.id)
    ?.proofs.map((p) => p.id);

describe("task proofs with FILE_STORE=s3", () => {
  it("keeps the ciphertext in the bucket in 1 MiB chunks under opaque keys, not in the table; the download is the same bytes", async () => {
    const w = await workspace();
    const plaintext = Buffer.concat([
      Buffer.from(`%PDF-1.4 PLAINTEXT-MARKER ${randomUUID()}`),
      randomBytes(1.5 * 1024 * 1024),
    ]);
    const { res, proofId, sealed } = await uploadProof(w, { plaintext });
    expect(res.status).toBe(201);

    const row = await proofRow(proofId);
    expect(row?.data_bytes).toBeNull();
    const blobId = row?.blob_id ?? "";
    expect(blobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await keysOf(blobId)).toEqual([`files/${blobId}/00000000`, `files/${blobId}/00000001`]);
    for (const key of await listTestObjects(s3))
      for (const clear of [w.v.emma, w.v.owner.id, w.t.bank.id, proofId])
        expect(key).not.toContain(clear);
    // the row took its blob's claim: nothing will sweep it
    expect(await sweepDueIn(blobId)).toBeUndefined();
    await makeDue();
    await sweepBlobs(deps());
    expect(await keysOf(blobId)).toHaveLength(2);

    const first = await blobs().getChunk({ blobId, index: 0 });
    expect(first && (await bytesOf(first)).length).toBe(1024 * 1024);
    const stored = await bytesOf(blobs().readBlob(blobId));
    expect(stored.equals(sealed)).toBe(true);
    expect(stored.includes("PLAINTEXT-MARKER")).toBe(false);

    const got = await downloadProof(w, proofId);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(sealed)).toBe(true);
    const opened = await openWith(w.t.wk, taskProofContext(w.t.bank.id, proofId), got.bytes);
    expect(opened.equals(plaintext)).toBe(true); // not toEqual: 1.5 MB compared byte by byte is slow
  });

  it("a deleted proof's objects are swept: deleted by the executor, or with its task or the owner's account", async () => {
    const w = await workspace();
    const deleted = await uploadProof(w, { plaintext: randomBytes(300) });
    const withTask = await uploadProof(w, { plaintext: randomBytes(400) });
    const blobOf = async (proofId: string) => (await proofRow(proofId))?.blob_id ?? "";
    const [byRoute, byTask] = [await blobOf(deleted.proofId), await blobOf(withTask.proofId)];

    const del = await w.v.emmaPortal.request(
      "DELETE",
      `/api/legacy/tasks/${w.t.bank.id}/proofs/${deleted.proofId}`,
    );
    expect(del.status).toBe(200);
    expect((await downloadProof(w, deleted.proofId)).status).toBe(404);
    expect(await keysOf(byRoute)).toHaveLength(1); // until the sweep
    expect(await sweepDueIn(byRoute)).toBeLessThanOrEqual(1);
    await sweepBlobs(deps());
    expect(await keysOf(byRoute)).toEqual([]);
    expect(await sweepDueIn(byRoute)).toBeUndefined();
    expect(await keysOf(byTask)).toHaveLength(1); // the other proof stays

    // the task goes (a cascade from the tasks' table): its proof's blob is due now
    await deps().db.execute(sql`delete from executor_tasks where id = ${w.t.bank.id}`);
    expect(await proofRow(withTask.proofId)).toBeUndefined();
    expect(await sweepDueIn(byTask)).toBeLessThanOrEqual(1);
    await sweepBlobs(deps());
    expect(await keysOf(byTask)).toEqual([]);

    // the owner's account goes (erasure deletes the user row; everything cascades)
    const other = await workspace();
    const byAccount = await uploadProof(other, { plaintext: randomBytes(500) });
    const accountBlob = await blobOf(byAccount.proofId);
    expect(await keysOf(accountBlob)).toHaveLength(1);
    await deps().db.execute(sql`delete from "user" where id = ${other.v.owner.id}`);
    expect(await proofRow(byAccount.proofId)).toBeUndefined();
    expect(await sweepDueIn(accountBlob)).toBeLessThanOrEqual(1);
    await sweepBlobs(deps());
    expect(await keysOf(accountBlob)).toEqual([]);
  });

  it("an upload cut off, refused, beaten by another, or failing at the store leaves no proof and no object past the sweep's rule", async () => {
    const w = await workspace();
    const before = { objects: await listTestObjects(s3), sweeps: await sweepCount() };
    const proofId = randomUUID();
    const sealed = await sealWith(w.t.wk, taskProofContext(w.t.bank.id, proofId), randomBytes(99));

    // the connection drops mid-upload: nothing reaches the bucket
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(sealed.subarray(0, 10)));
        controller.error(new Error("connection reset"));
      },
    });
    const cut = await w.v.emmaPortal.send(
      "PUT",
      `/api/legacy/tasks/${w.t.bank.id}/proofs/${proofId}`,
      stream,
      { "content-type": "application/octet-stream", "content-length": String(sealed.length) },
      { duplex: "half" },
    );
    expect(cut.status).toBeGreaterThanOrEqual(400);
    expect(await proofRow(proofId)).toBeUndefined();
    expect(await listTestObjects(s3)).toEqual(before.objects);
    expect(await sweepCount()).toBe(before.sweeps);

    // someone who is not the estate's executor (Sam, a beneficiary) writes nothing to the bucket,
    // not even for a moment: the address is checked before the first object
    const written: string[] = [];
    setFileStore({
      isS3: true,
      blobs: {
        ...realStore,
        async putChunk(chunk, body) {
          written.push(chunk.blobId);
          await realStore.putChunk(chunk, body);
        },
      },
    });
    const samPortal = await portalClient(ctx, w.v.sam);
    const samPut = await samPortal.send(
      "PUT",
      `/api/legacy/tasks/${w.t.bank.id}/proofs/${randomUUID()}`,
      sealed,
      { "content-type": "application/octet-stream" },
    );
    expect(samPut.status).toBe(404);
    expect(written).toEqual([]);
    expect(await listTestObjects(s3)).toEqual(before.objects);

    // two uploads of one proof: the second's objects are stored when the first commits; its
    // transaction refuses it (409) and its objects go at once, with their claim
    let loserBlob = "";
    let winner: Awaited<ReturnType<typeof uploadProof>> | undefined;
    setFileStore({
      isS3: true,
      blobs: {
        ...realStore,
        async putChunk(chunk, body) {
          await realStore.putChunk(chunk, body);
          loserBlob = chunk.blobId;
          setFileStore({ blobs: realStore, isS3: true });
          winner = await uploadProof(w, { proofId, plaintext: Buffer.from("the winner") });
        },
      },
    });
    const loser = await uploadProof(w, { proofId, plaintext: Buffer.from("the loser") });
    expect(winner?.res.status).toBe(201);
    expect(loser.res.status).toBe(409);
    expect(loserBlob).toMatch(/^[0-9a-f-]{36}$/);
    expect(await keysOf(loserBlob)).toEqual([]);
    expect(await sweepDueIn(loserBlob)).toBeUndefined();
    expect((await downloadProof(w, proofId)).bytes.equals(winner?.sealed ?? Buffer.alloc(0))).toBe(
      true,
    );

    // the store fails after the first chunk and cannot delete it either (as a crash would leave
    // it): the claim written before the first object keeps it for a day, then the sweep takes it
    let failedBlob = "";
    setFileStore({
      isS3: true,
      blobs: {
        ...realStore,
        async putChunk(chunk, body) {
          failedBlob = chunk.blobId;
          if (chunk.index > 0) throw new Error("the object store went away");
          await realStore.putChunk(chunk, body);
        },
        deleteBlob: () => Promise.reject(new Error("the object store went away")),
      },
    });
    const failed = await uploadProof(w, { plaintext: randomBytes(1.2 * 1024 * 1024) });
    expect(failed.res.status).toBe(500);
    expect(await proofRow(failed.proofId)).toBeUndefined();
    setFileStore({ blobs: realStore, isS3: true });
    expect(await keysOf(failedBlob)).toHaveLength(1);
    expect(await sweepDueIn(failedBlob)).toBeGreaterThan(23 * 3600);
    await sweepBlobs(deps());
    expect(await keysOf(failedBlob)).toHaveLength(1); // not due yet
    await makeDue();
    await sweepBlobs(deps());
    expect(await keysOf(failedBlob)).toEqual([]);
    expect(await sweepDueIn(failedBlob)).toBeUndefined();

    expect(await proofIdsOf(w)).toEqual([proofId]);
  });

  it("a proof stored in the database (FILE_STORE=postgres) stays readable and deletable after the switch to s3", async () => {
    const w = await workspace();
    setFileStore({ blobs: realStore, isS3: false });
    const before = await listTestObjects(s3);
    const plaintext = Buffer.from(`closure letter ${randomUUID()}`);
    const { res, proofId, sealed } = await uploadProof(w, { plaintext });
    expect(res.status).toBe(201);
    expect(await proofRow(proofId)).toEqual({ data_bytes: sealed.length, blob_id: null });
    expect(await listTestObjects(s3)).toEqual(before);

    setFileStore({ blobs: realStore, isS3: true });
    const got = await downloadProof(w, proofId);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(sealed)).toBe(true);
    // a new proof beside it goes to the bucket
    const next = await uploadProof(w, { plaintext: randomBytes(64) });
    expect(next.res.status).toBe(201);
    expect((await proofRow(next.proofId))?.blob_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await proofIdsOf(w)).toEqual([proofId, next.proofId]);

    const sweeps = await sweepCount();
    const del = await w.v.emmaPortal.request(
      "DELETE",
      `/api/legacy/tasks/${w.t.bank.id}/proofs/${proofId}`,
    );
    expect(del.status).toBe(200);
    expect(await sweepCount()).toBe(sweeps); // nothing of it in the bucket to sweep
    expect(await proofIdsOf(w)).toEqual([next.proofId]);
  });
});
