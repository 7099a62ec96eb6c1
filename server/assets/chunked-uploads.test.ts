import {
  ASSET_FILES_JSON_LENGTH_HEADER,
  type AssetFileView,
  type AssetFileVersionsView,
} from "../../common/assets/files.js";
import {
  FILE_CHUNK_PLAIN_BYTES,
  FILE_UPLOAD_ID_HEADER,
  FILE_UPLOAD_MSG,
  type FileUploadView,
} from "../../common/assets/file-uploads.js";
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { buildAsset, uploadEncryptedFile } from "../../test/factories/assets.js";
import { portalClient, releaseByAttestation } from "../../test/factories/release.js";
import {
  buildUser,
  createTestContext,
  uniqueEmail,
  rowsOf,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes, encryptBytes, type CryptoKey } from "../../test/vault-crypto.js";
import { bytesOf } from "../blobs/blob-store.js";
import { createOffsetClock } from "../clock.js";
import { sweepBlobs } from "../storage/blob-sweep.js";
import { chunkStoreFor } from "../storage/file-bodies.js";

/* Files uploaded in encrypted chunks, resumable (docs/decisions/108-chunked-uploads.md). */

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const CHUNK = FILE_CHUNK_PLAIN_BYTES;
const MARK = Buffer.from("PLAINTEXT-MARK-of-a-secret-will");
const base = (assetId: string, kind = "document") => `/api/assets/${assetId}/files/${kind}/uploads`;
type Err = { error: { code: string; message: string } };

/** A document item and a plaintext of `size` bytes that carries MARK, encrypted chunk by chunk (the server cannot tell the AAD). */
async function documentWithChunks(client: TestClient, size: number) {
  const { id, ck } = await buildAsset(client, { type: "document", content: { fileName: "v.pdf" } });
  const plaintext = Buffer.alloc(size, MARK);
  const chunks = await encryptChunks(ck, plaintext);
  return { assetId: id, ck, plaintext, chunks };
}

async function encryptChunks(ck: CryptoKey, plaintext: Buffer) {
  const chunks: Buffer[] = [];
  for (let at = 0; at < plaintext.length; at += CHUNK)
    chunks.push(await encryptBytes(ck, plaintext.subarray(at, at + CHUNK)));
  return chunks;
}

const create = (
  client: TestClient,
  assetId: string,
  size: number,
  contentType = "application/pdf",
) => client.json<FileUploadView & Err>("POST", base(assetId), { size, contentType });

const putChunk = (
  client: TestClient,
  { assetId, uploadId, index }: { assetId: string; uploadId: string; index: number },
  body: Uint8Array,
  headers: Record<string, string> = {},
) =>
  client.send("PUT", `${base(assetId)}/${uploadId}/chunks/${index}`, body, {
    "content-type": "application/octet-stream",
    "content-length": String(body.length),
    ...headers,
  });

const complete = (client: TestClient, assetId: string, uploadId: string) =>
  client.json<{ file: AssetFileView } & Err>("POST", `${base(assetId)}/${uploadId}/complete`);

/** Creates an upload and PUTs every chunk; returns its id. */
async function uploadAll(client: TestClient, assetId: string, size: number, chunks: Buffer[]) {
  const created = await create(client, assetId, size);
  expect(created.status).toBe(201);
  const { uploadId } = created.body;
  for (const [index, chunk] of chunks.entries())
    expect((await putChunk(client, { assetId, uploadId, index }, chunk)).status).toBe(200);
  return uploadId;
}

describe("a file uploaded in encrypted chunks", () => {
  it("is stored chunk by chunk, read back byte for byte with its upload id, and holds no plaintext", async () => {
    const { client } = await buildUser(ctx);
    const size = 2 * CHUNK + 1000;
    const { assetId, ck, plaintext, chunks } = await documentWithChunks(client, size);
    const created = await create(client, assetId, size);
    expect(created.body).toMatchObject({ size, chunkBytes: CHUNK, chunkCount: 3, storedChunks: 0 });
    const { uploadId } = created.body;
    for (const [index, chunk] of chunks.entries())
      expect((await putChunk(client, { assetId, uploadId, index }, chunk)).status).toBe(200);
    const done = await complete(client, assetId, uploadId);
    expect(done.status).toBe(200);
    expect(done.body.file).toEqual({
      kind: "document",
      contentType: "application/pdf",
      size: size + 3 * 28,
      isChunked: true,
    });
    // the list and the item say so too: the browser takes 28 bytes off per chunk for the size
    const listed = await client.json<{ assets: { id: string; files: AssetFileView[] }[] }>(
      "GET",
      "/api/assets?type=document",
    );
    expect(listed.body.assets.find((a) => a.id === assetId)?.files).toEqual([done.body.file]);
    const item = await client.json<{ asset: { files: AssetFileView[] } }>(
      "GET",
      `/api/assets/${assetId}`,
    );
    expect(item.body.asset.files).toEqual([done.body.file]);

    const res = await client.request("GET", `/api/assets/${assetId}/files/document`);
    expect(res.status).toBe(200);
    expect(res.headers.get(FILE_UPLOAD_ID_HEADER)).toBe(uploadId);
    const stored = Buffer.from(await res.arrayBuffer());
    expect(stored.equals(Buffer.concat(chunks))).toBe(true);
    const parts = [0, 1, 2].map((i) => stored.subarray(i * (CHUNK + 28), (i + 1) * (CHUNK + 28)));
    const opened = await Promise.all(parts.map((p) => decryptBytes(ck, p)));
    expect(Buffer.concat(opened).equals(plaintext)).toBe(true);

    // at rest: the chunks, each ciphertext, and nothing else under the upload's blob
    const { name, store } = chunkStoreFor(ctx.services.deps);
    expect(name).toBe(ctx.services.deps.files.isS3 ? "s3" : "postgres");
    expect(await store.listChunks(uploadId)).toEqual([0, 1, 2]);
    const atRest = await bytesOf(store.readBlob(uploadId));
    expect(atRest.equals(stored)).toBe(true);
    expect(atRest.includes(MARK)).toBe(false);
    // the upload is over: its row and its claim went with the file row that took the blob
    expect((await client.request("GET", `${base(assetId)}/${uploadId}`)).status).toBe(404);
    const claims = rowsOf<{ n: number }>(
      await ctx.services.deps.db.execute(
        sql`select count(*)::int as n from stored_blob_sweeps where blob_id = ${uploadId}`,
      ),
    );
    expect(claims[0]?.n).toBe(0);
  });

  it("resumes: the server says what it holds, a stored chunk may come again, the rest follows", async () => {
    const { client } = await buildUser(ctx);
    const size = 2 * CHUNK + 10;
    const { assetId, chunks } = await documentWithChunks(client, size);
    const { uploadId } = (await create(client, assetId, size)).body;
    const at = (index: number) => ({ assetId, uploadId, index });
    expect((await putChunk(client, at(0), chunks[0]!)).status).toBe(200);
    expect((await complete(client, assetId, uploadId)).status).toBe(400); // not all there yet

    // the tab closed; the browser asks what is stored and goes on from there
    const asked = await client.json<FileUploadView>("GET", `${base(assetId)}/${uploadId}`);
    expect(asked.body).toMatchObject({ uploadId, chunkCount: 3, storedChunks: 1 });
    const again = await putChunk(client, at(0), chunks[0]!); // a retry of an acknowledged chunk
    expect(again.status).toBe(200);
    expect(((await again.json()) as FileUploadView).storedChunks).toBe(1);
    expect((await putChunk(client, at(1), chunks[1]!)).status).toBe(200);
    expect((await putChunk(client, at(2), chunks[2]!)).status).toBe(200);
    expect((await complete(client, assetId, uploadId)).status).toBe(200);
    const stored = await client.request("GET", `/api/assets/${assetId}/files/document`);
    expect(Buffer.from(await stored.arrayBuffer()).equals(Buffer.concat(chunks))).toBe(true);
  });

  it("refuses a chunk out of order, of the wrong size, past the end, and a file over 2 GB, with a clear 4xx", async () => {
    const { client } = await buildUser(ctx);
    const size = CHUNK + 100;
    const { assetId, chunks } = await documentWithChunks(client, size);
    const { uploadId } = (await create(client, assetId, size)).body;
    const at = (index: number) => ({ assetId, uploadId, index });

    const early = await putChunk(client, at(1), chunks[1]!);
    expect(early.status).toBe(409);
    expect(((await early.json()) as Err).error.message).toMatch(/in order/);
    const short = chunks[0]!.subarray(0, CHUNK);
    const wrongLength = await putChunk(client, at(0), short);
    expect(wrongLength.status).toBe(400);
    expect(((await wrongLength.json()) as Err).error.message).toBe(
      `This chunk must be exactly ${CHUNK + 28} bytes`,
    );
    // a body shorter than the length it declares: refused as it ends, nothing stored
    const truncated = await putChunk(client, at(0), short, {
      "content-length": String(CHUNK + 28),
    });
    expect(truncated.status).toBe(400);
    const longer = await putChunk(client, at(0), Buffer.concat([chunks[0]!, Buffer.alloc(5)]), {
      "content-length": String(CHUNK + 28),
    });
    expect(longer.status).toBe(400);
    expect(
      (await client.json<FileUploadView>("GET", `${base(assetId)}/${uploadId}`)).body.storedChunks,
    ).toBe(0);
    expect((await putChunk(client, at(2), chunks[1]!)).status).toBe(400); // there is no chunk 2
    const notBytes = await putChunk(client, at(0), chunks[0]!, { "content-type": "text/plain" });
    expect(notBytes.status).toBe(415);

    const huge = await create(client, assetId, 2_000_000_001);
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe("The file is too large. Maximum size is 2 GB.");
    expect((await create(client, assetId, 2_000_000_000)).status).toBe(201);
    expect((await create(client, assetId, 10, "application/x-msdownload")).status).toBe(415);
    expect((await create(client, assetId, 0)).status).toBe(400);
    const note = await buildAsset(client, { type: "note", content: { text: "x" } });
    expect((await create(client, note.id, 10)).status).toBe(400); // a note has no document
  });

  it("replaces the file before it, which stays as an earlier version (in either format)", async () => {
    const { client } = await buildUser(ctx);
    const size = 100;
    const { assetId, chunks } = await documentWithChunks(client, size);
    const first = await uploadAll(client, assetId, size, chunks);
    expect((await complete(client, assetId, first)).status).toBe(200);
    const second = await uploadAll(client, assetId, size, chunks);
    expect((await complete(client, assetId, second)).status).toBe(200);
    const versions = await client.json<AssetFileVersionsView>(
      "GET",
      `/api/assets/${assetId}/files/document/versions`,
    );
    expect(versions.body.versions.map((v) => v.isChunked)).toEqual([true, true]);
    const earlier = versions.body.versions.find((v) => !v.isCurrent);
    const old = await client.request(
      "GET",
      `/api/assets/${assetId}/files/document/versions/${earlier?.versionId}`,
    );
    expect(old.status).toBe(200);
    expect(old.headers.get(FILE_UPLOAD_ID_HEADER)).toBe(first);
    expect(Buffer.from(await old.arrayBuffer()).equals(chunks[0]!)).toBe(true);
  });

  it("takes a note's voice recording too, beyond the single-body limit of 25 MB", async () => {
    const { client } = await buildUser(ctx);
    const { id } = await buildAsset(client, { type: "note" });
    const size = 30_000_000;
    const created = await client.json<FileUploadView & Err>("POST", base(id, "recording"), {
      size,
      contentType: "audio/webm;codecs=opus",
    });
    expect(created.status).toBe(201);
    expect(created.body.chunkCount).toBe(8);
    const { uploadId } = created.body;
    // another kind's route does not reach this upload
    expect((await client.request("GET", `${base(id, "attachment")}/${uploadId}`)).status).toBe(404);
    expect((await client.request("GET", `${base(id, "recording")}/${uploadId}`)).status).toBe(200);
  });

  it("an abandoned upload's chunks and row are swept once its claim is due", async () => {
    const { client } = await buildUser(ctx);
    const { assetId, chunks } = await documentWithChunks(client, CHUNK + 1);
    const { uploadId } = (await create(client, assetId, CHUNK + 1)).body;
    expect((await putChunk(client, { assetId, uploadId, index: 0 }, chunks[0]!)).status).toBe(200);
    const { db } = ctx.services.deps;
    await db.execute(
      sql`update stored_blob_sweeps set due_at = now() - interval '1 second' where blob_id = ${uploadId}`,
    );
    expect(await sweepBlobs(ctx.services.deps)).toBeGreaterThanOrEqual(1);
    expect(await chunkStoreFor(ctx.services.deps).store.listChunks(uploadId)).toEqual([]);
    expect((await client.request("GET", `${base(assetId)}/${uploadId}`)).status).toBe(404);
  });
});

describe("an edit that names an upload in chunks (PUT /api/assets/:id/files)", () => {
  /** The edit's body: the JSON alone (an upload's chunks are on the server already). */
  const putFiles = (client: TestClient, assetId: string, json: object) => {
    const head = Buffer.from(JSON.stringify(json));
    return client.send("PUT", `/api/assets/${assetId}/files`, head, {
      "content-type": "application/octet-stream",
      [ASSET_FILES_JSON_LENGTH_HEADER]: String(head.length),
    });
  };
  const sealed = async (ck: CryptoKey, content: object) =>
    (await encryptBytes(ck, Buffer.from(JSON.stringify(content)))).toString("base64");

  it("takes the upload as the file with the content that names it, in one request", async () => {
    const { client } = await buildUser(ctx);
    const size = CHUNK + 10;
    const { assetId, ck, chunks } = await documentWithChunks(client, size);
    const { res: first, ciphertext: before } = await uploadEncryptedFile(client, {
      assetId,
      ck,
      kind: "document",
      plaintext: randomBytes(100),
      type: "application/pdf",
    });
    expect(first.status).toBe(200);
    const uploadId = await uploadAll(client, assetId, size, chunks);
    const res = await putFiles(client, assetId, {
      encryptedData: await sealed(ck, { fileName: "second.pdf" }),
      files: { document: { uploadId } },
    });
    expect(res.status).toBe(200);
    const { asset } = (await res.json()) as { asset: { files: AssetFileView[] } };
    expect(asset.files).toEqual([
      { kind: "document", contentType: "application/pdf", size: size + 2 * 28, isChunked: true },
    ]);
    const file = await client.request("GET", `/api/assets/${assetId}/files/document`);
    expect(file.headers.get(FILE_UPLOAD_ID_HEADER)).toBe(uploadId);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.concat(chunks))).toBe(true);
    // the single-body file before it is kept as an earlier version, as with any replacement
    const versions = await client.json<AssetFileVersionsView>(
      "GET",
      `/api/assets/${assetId}/files/document/versions`,
    );
    expect(versions.body.versions.map((v) => [v.isChunked, v.size])).toEqual([
      [true, size + 56],
      [false, before.length],
    ]);
    // the upload is over: taken once, not twice
    expect((await client.request("GET", `${base(assetId)}/${uploadId}`)).status).toBe(404);
    const again = await putFiles(client, assetId, {
      encryptedData: await sealed(ck, { fileName: "third.pdf" }),
      files: { document: { uploadId } },
    });
    expect(again.status).toBe(404);
  });

  it("refuses an upload with a chunk missing, or another user's, and changes nothing", async () => {
    const { client } = await buildUser(ctx);
    const size = CHUNK + 10;
    const { assetId, ck, chunks } = await documentWithChunks(client, size);
    const { uploadId } = (await create(client, assetId, size)).body;
    expect((await putChunk(client, { assetId, uploadId, index: 0 }, chunks[0]!)).status).toBe(200);
    const json = {
      encryptedData: await sealed(ck, { fileName: "second.pdf" }),
      files: { document: { uploadId } },
    };
    const short = await putFiles(client, assetId, json);
    expect(short.status).toBe(400);
    expect(((await short.json()) as Err).error.message).toBe(FILE_UPLOAD_MSG.incomplete);
    const other = await buildUser(ctx);
    const mine = await documentWithChunks(other.client, size);
    const theirs = await uploadAll(other.client, mine.assetId, size, mine.chunks);
    const stolen = await putFiles(client, assetId, {
      ...json,
      files: { document: { uploadId: theirs } },
    });
    expect(stolen.status).toBe(404);
    expect((await client.request("GET", `/api/assets/${assetId}/files/document`)).status).toBe(404);
    const item = await client.json<{ asset: { files: AssetFileView[] } }>(
      "GET",
      `/api/assets/${assetId}`,
    );
    expect(item.body.asset.files).toEqual([]);
    expect((await other.client.request("GET", `${base(mine.assetId)}/${theirs}`)).status).toBe(200);
  });
});

describe("a released file uploaded in chunks", () => {
  it("reaches its beneficiary in the portal as stored, with its upload id", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user");
    const heir = uniqueEmail("heir");
    const { id, ck } = await buildAsset(owner.client, {
      type: "document",
      beneficiaryEmails: [heir],
      content: { fileName: "will.pdf" },
    });
    const chunks = await encryptChunks(ck, Buffer.alloc(CHUNK + 5, MARK));
    const uploadId = await uploadAll(owner.client, id, CHUNK + 5, chunks);
    expect((await complete(owner.client, id, uploadId)).status).toBe(200);
    await releaseByAttestation(ctx, clock, { firmAdmin: firm.admin, owner });

    const portal = await portalClient(ctx, heir);
    const res = await portal.request("GET", `/api/legacy/items/${id}/files/document`);
    expect(res.status).toBe(200);
    expect(res.headers.get(FILE_UPLOAD_ID_HEADER)).toBe(uploadId);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.concat(chunks))).toBe(true);
  });
});

describe("nobody but the owner reaches an upload", () => {
  /** Every new route, for the owner's upload and for a missing one: 404, and nothing changes. */
  async function expectNoAccess(stranger: TestClient, owner: TestClient) {
    const { assetId, chunks } = await documentWithChunks(owner, 50);
    const { uploadId } = (await create(owner, assetId, 50)).body;
    for (const [asset, upload] of [
      [assetId, uploadId],
      [assetId, randomUUID()],
      [randomUUID(), uploadId],
    ] as const) {
      expect((await create(stranger, asset, 50)).status).toBe(404);
      expect((await stranger.request("GET", `${base(asset)}/${upload}`)).status).toBe(404);
      const put = await putChunk(
        stranger,
        { assetId: asset, uploadId: upload, index: 0 },
        chunks[0]!,
      );
      expect(put.status).toBe(404);
      expect((await complete(stranger, asset, upload)).status).toBe(404);
    }
    const mine = await owner.json<FileUploadView>("GET", `${base(assetId)}/${uploadId}`);
    expect(mine.body.storedChunks).toBe(0);
  }

  it("another user gets 404 on every route of the owner's upload", async () => {
    const owner = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await expectNoAccess(stranger.client, owner.client);
  });

  it("the admin and staff of the owner's own firm get 404 too", async () => {
    const { admin } = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, admin, "firm_staff");
    const client = await buildInvitedMember(ctx, admin, "regular_user");
    await expectNoAccess(admin, client.client);
    await expectNoAccess(staff.client, client.client);
  });

  it("a route for a kind of file that does not exist, or a chunk number that is not one, does not exist", async () => {
    const { client } = await buildUser(ctx);
    const { assetId } = await documentWithChunks(client, 50);
    const { uploadId } = (await create(client, assetId, 50)).body;
    expect(
      (
        await client.request("POST", base(assetId, "recordings"), {
          size: 5,
          contentType: "audio/webm",
        })
      ).status,
    ).toBe(404);
    const bad = await client.send(
      "PUT",
      `${base(assetId)}/${uploadId}/chunks/-1`,
      randomBytes(10),
      {
        "content-type": "application/octet-stream",
      },
    );
    expect(bad.status).toBe(404);
  });
});
