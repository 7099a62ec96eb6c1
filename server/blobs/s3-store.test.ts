import { randomBytes, randomUUID } from "node:crypto";
import { type AssetFileVersionsView, FILE_VERSIONS_KEPT } from "../../common/assets/files.js";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAsset, putFile, uploadEncryptedFile } from "../../test/factories/assets.js";
import {
  buildUser,
  createTestContext,
  rowsOf,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { listTestObjects, startTestS3, type S3TestSettings } from "../../test/s3-server.js";
import { blobIdsOf, objectsOf, storedPieces } from "../../test/stored-files.js";
import { putAssetFile } from "../assets/files.js";
import { EnvError, parseEnv } from "../env.js";
import { bytesOf } from "./blob-store.js";
import { claimBlob, sweepBlobs } from "../storage/blob-sweep.js";
import { FileStoreError, openFileStore } from "./open-store.js";

/* The S3 store against s3rver in this process (docs/decisions/090), on PGlite and PostgreSQL. */

let ctx: TestContext;
let s3: S3TestSettings;
beforeAll(async () => {
  s3 = await startTestS3();
  ctx = await createTestContext(s3);
});
afterAll(() => ctx.close());

const blobs = () => {
  const store = ctx.services.deps.files.blobs;
  if (!store) throw new Error("no object store");
  return store;
};
const db = () => ctx.services.deps.db;
const sweepRows = async (blobIds: string[]) =>
  rowsOf<{ n: number }>(
    await db().execute(
      sql`select count(*)::int as n from stored_blob_sweeps where blob_id::text in ${blobIds.length ? blobIds : [""]}`,
    ),
  )[0]?.n;
/** The blob id of an asset's current document. */
const storedBlobOf = async (assetId: string) =>
  rowsOf<{ blob_id: string }>(
    await db().execute(
      sql`select blob_id from asset_files where asset_id = ${assetId} and kind = 'document'`,
    ),
  ).map((r) => r.blob_id);
/** Makes every queued blob due now (the claims of uploads are due a day later). */
const makeDue = () =>
  db().execute(sql`update stored_blob_sweeps set due_at = now() - interval '1 second'`);
const download = async (client: TestClient, path: string) => {
  const res = await client.request("GET", path);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe("the S3 blob store", () => {
  it("stores chunks from Buffers and streams, lists them in index order, reads them back as one stream, deletes them", async () => {
    const blobId = randomUUID();
    const parts = Array.from({ length: 12 }, (_, i) => randomBytes(1000 + i));
    for (const [index, part] of parts.entries()) {
      const body = index % 2 ? part : { stream: Readable.from([part]), size: part.length };
      await blobs().putChunk({ blobId, index }, body);
    }
    expect(await blobs().listChunks(blobId)).toEqual(parts.map((_, i) => i)); // 10 after 9, not after 1
    expect((await bytesOf(blobs().readBlob(blobId))).equals(Buffer.concat(parts))).toBe(true);
    const eleventh = await blobs().getChunk({ blobId, index: 11 });
    expect(eleventh && (await bytesOf(eleventh)).equals(parts[11] ?? Buffer.alloc(0))).toBe(true);
    expect(await blobs().getChunk({ blobId, index: 12 })).toBeNull();
    await blobs().deleteBlob(blobId);
    expect(await blobs().listChunks(blobId)).toEqual([]);
    await blobs().deleteBlob(blobId); // nothing to delete is no error
  });

  it("refuses to start, with a message naming the settings, when the bucket cannot be reached", async () => {
    const env = parseEnv({ ...s3, S3_BUCKET: "no-such-bucket-here" });
    const started = openFileStore(env);
    await expect(started).rejects.toThrow(FileStoreError);
    await expect(started).rejects.toThrow(/no-such-bucket-here.*Check S3_BUCKET, S3_REGION/);
    expect(() => parseEnv({ FILE_STORE: "s3" })).toThrow(EnvError);
    expect(() => parseEnv({ FILE_STORE: "s3" })).toThrow(
      /S3_BUCKET: is required when FILE_STORE=s3/,
    );
    expect(() => parseEnv({ ...s3, S3_SECRET_ACCESS_KEY: "" })).toThrow(/set both or neither/);
  });
});

describe("files in the object store", () => {
  it("keeps only ciphertext under opaque keys: no title, no address, no plaintext", async () => {
    const title = `Will of Ada ${randomUUID()}`;
    const { client, email } = await buildUser(ctx);
    const doc = await buildAsset(client, {
      type: "document",
      title,
      content: { fileName: "will.pdf", notes: "" },
    });
    const plaintext = Buffer.from(`PLAINTEXT-MARKER-${randomUUID()}`.repeat(100));
    const up = await uploadEncryptedFile(client, {
      assetId: doc.id,
      ck: doc.ck,
      kind: "document",
      plaintext,
      type: "application/pdf",
    });
    expect(up.res.status).toBe(200);
    const [blobId] = await blobIdsOf(ctx, doc.id);
    expect(blobId).toMatch(/^[0-9a-f-]{36}$/);
    const keys = (await listTestObjects(s3)).filter((k) => k.includes(blobId ?? "?"));
    expect(keys).toEqual([`files/${blobId}/00000000`]);
    for (const key of await listTestObjects(s3)) {
      expect(key).toMatch(/^files\/[0-9a-f-]{36}\/\d{8}$/);
      expect(key).not.toContain(email);
      expect(key).not.toContain(doc.id);
    }
    const stored = await bytesOf(blobs().readBlob(blobId ?? ""));
    expect(stored.equals(up.ciphertext)).toBe(true);
    expect(stored.includes(plaintext.subarray(0, 40))).toBe(false);
    // nothing of it in the database's pieces
    expect(
      rowsOf<{ n: number }>(
        await db().execute(
          sql`select count(*)::int as n from asset_file_chunks where asset_id = ${doc.id}`,
        ),
      )[0]?.n,
    ).toBe(0);
  });

  it("a replaced document keeps its blob as the earlier version; a replaced attachment's and a deleted item's objects are swept", async () => {
    const { client } = await buildUser(ctx);
    const doc = await buildAsset(client, {
      type: "document",
      content: { fileName: "deed.pdf", notes: "" },
    });
    const upload = (plaintext: Buffer) =>
      uploadEncryptedFile(client, {
        assetId: doc.id,
        ck: doc.ck,
        kind: "document",
        plaintext,
        type: "application/pdf",
      });
    const first = await upload(randomBytes(1.5 * 1024 * 1024));
    const [firstBlob] = await blobIdsOf(ctx, doc.id);
    expect((await storedPieces(ctx, { assetId: doc.id, kind: "document" })).length).toBe(2);
    const second = await upload(randomBytes(300));
    expect(second.res.status).toBe(200);
    await makeDue();
    await sweepBlobs(ctx.services.deps);
    expect(await objectsOf(ctx, [firstBlob ?? ""])).toBe(2); // the earlier version still holds it
    const versions = await client.json<AssetFileVersionsView>(
      "GET",
      `/api/assets/${doc.id}/files/document/versions`,
    );
    const earlierId = versions.body.versions.find((v) => !v.isCurrent)?.versionId;
    const old = await download(
      client,
      `/api/assets/${doc.id}/files/document/versions/${earlierId}`,
    );
    expect(old.status).toBe(200);
    expect(old.bytes.equals(first.ciphertext)).toBe(true);
    const current = await download(client, `/api/assets/${doc.id}/files/document`);
    expect(current.bytes.equals(second.ciphertext)).toBe(true);

    const note = await buildAsset(client, { type: "note" });
    const attach = (body: Buffer) =>
      putFile(client, {
        assetId: note.id,
        kind: "attachment",
        body,
        headers: { "x-content-type": "text/plain" },
      });
    expect((await attach(randomBytes(64))).status).toBe(200);
    const [noteFirst] = await blobIdsOf(ctx, note.id);
    expect((await attach(randomBytes(80))).status).toBe(200);
    await sweepBlobs(ctx.services.deps);
    expect(await objectsOf(ctx, [noteFirst ?? ""])).toBe(0); // attachments keep no versions

    const all = [...(await blobIdsOf(ctx, doc.id)), ...(await blobIdsOf(ctx, note.id))];
    expect(all).toHaveLength(3);
    expect((await client.request("DELETE", `/api/assets/${doc.id}`)).status).toBe(200);
    expect((await client.request("DELETE", `/api/assets/${note.id}`)).status).toBe(200);
    expect(await objectsOf(ctx, all)).toBe(4); // until the sweep
    expect(await sweepRows(all)).toBe(3);
    await sweepBlobs(ctx.services.deps);
    expect(await objectsOf(ctx, all)).toBe(0);
    expect(await sweepRows(all)).toBe(0);
  });

  it(`versions past the ${FILE_VERSIONS_KEPT} kept have their objects swept; the kept ones stay`, async () => {
    const { client } = await buildUser(ctx);
    const doc = await buildAsset(client, { type: "document", content: {} });
    const seen: string[] = [];
    for (let i = 0; i < FILE_VERSIONS_KEPT + 3; i++) {
      const up = await uploadEncryptedFile(client, {
        assetId: doc.id,
        ck: doc.ck,
        kind: "document",
        plaintext: randomBytes(20 + i),
        type: "application/pdf",
      });
      expect(up.res.status).toBe(200);
      const [current] = await storedBlobOf(doc.id);
      seen.push(current ?? "");
    }
    await sweepBlobs(ctx.services.deps);
    const kept = seen.slice(-(FILE_VERSIONS_KEPT + 1)); // the ten versions and the current file
    expect(await objectsOf(ctx, kept)).toBe(FILE_VERSIONS_KEPT + 1);
    expect(await objectsOf(ctx, seen.slice(0, 2))).toBe(0);
    expect(new Set(await blobIdsOf(ctx, doc.id))).toEqual(new Set(kept));
  });

  it("an upload whose transaction fails leaves no object; one cut off before its commit is swept once its claim is due", async () => {
    const { id } = await buildUser(ctx);
    const before = (await listTestObjects(s3)).length;
    const failed = putAssetFile(
      ctx.services.deps,
      { id, role: "regular_user", firmId: null },
      {
        assetId: randomUUID(), // no such item: the transaction refuses after the objects are written
        kind: "attachment",
        declaredType: "text/plain",
        data: randomBytes(100),
      },
    );
    await expect(failed).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listTestObjects(s3)).length).toBe(before);

    const crashed = randomUUID();
    await claimBlob(ctx.services.deps, crashed);
    await blobs().putChunk({ blobId: crashed, index: 0 }, randomBytes(50));
    await sweepBlobs(ctx.services.deps);
    expect(await objectsOf(ctx, [crashed])).toBe(1); // its claim is not due yet
    await makeDue();
    await sweepBlobs(ctx.services.deps);
    expect(await objectsOf(ctx, [crashed])).toBe(0);
    expect(await sweepRows([crashed])).toBe(0);
  });
});
