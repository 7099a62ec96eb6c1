import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { objectsOf } from "../../test/stored-files.js";
import { sweepBlobs } from "../storage/blob-sweep.js";
import {
  ASSET_FILES_JSON_LENGTH_HEADER,
  type AssetFileVersionsView,
  FILE_VERSIONS_KEPT,
} from "../../common/assets/files.js";
import { withActor } from "../db/actor.js";
import { assetFileVersionChunks, assetFileVersions } from "../db/schema/index.js";
import { buildAsset, uploadEncryptedFile } from "../../test/factories/assets.js";
import {
  buildUser,
  createTestContext,
  rowsOf,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes, encryptBytes, sealTitle } from "../../test/vault-crypto.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MB = 1024 * 1024;
const base = (id: string) => `/api/assets/${id}/files/document`;
const listVersions = (client: TestClient, id: string) =>
  client.json<AssetFileVersionsView>("GET", `${base(id)}/versions`);
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** A document of a new user with `count` files uploaded one after the other; their plaintexts, oldest first. */
async function buildDocument(count: number, sizes: number[] = []) {
  const owner = await buildUser(ctx);
  const { id, ck } = await buildAsset(owner.client, {
    type: "document",
    content: { fileName: "scan.png", notes: "" },
  });
  const plaintexts: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const plaintext = randomBytes(sizes[i] ?? 100 + i);
    const { res } = await uploadEncryptedFile(owner.client, {
      assetId: id,
      ck,
      kind: "document",
      plaintext,
      type: "image/png",
    });
    expect(res.status).toBe(200);
    plaintexts.push(plaintext);
  }
  return { owner, id, ck, plaintexts };
}

/**
 * Earlier versions and their pieces, in whichever store holds them (docs/decisions/090): the
 * database's pieces, or the objects of the versions' blobs (and of `gone`, blobs they held
 * before) once the sweep has run.
 */
const countRows = async (id: string, gone: string[] = []) => {
  const [row] = rowsOf<{ versions: number; pieces: number }>(
    await ctx.services.deps.db.execute(sql`select
      (select count(*) from asset_file_versions where asset_id = ${id})::int as versions,
      (select count(*) from asset_file_version_chunks c join asset_file_versions v on v.id = c.version_id
        where v.asset_id = ${id})::int as pieces`),
  );
  await sweepBlobs(ctx.services.deps);
  const blobIds = rowsOf<{ blob_id: string }>(
    await ctx.services.deps.db.execute(
      sql`select blob_id from asset_file_versions where asset_id = ${id} and blob_id is not null`,
    ),
  ).map((r) => r.blob_id);
  const objects = await objectsOf(ctx, [...new Set([...blobIds, ...gone])]);
  return { versions: row?.versions, pieces: (row?.pieces ?? 0) + objects };
};
const versionBlobsOf = async (id: string) =>
  rowsOf<{ blob_id: string }>(
    await ctx.services.deps.db.execute(
      sql`select blob_id from asset_file_versions where asset_id = ${id} and blob_id is not null`,
    ),
  ).map((r) => r.blob_id);

describe("document versions (docs/decisions/049)", () => {
  it("replacing the file keeps the previous one: the list shows both, each downloads under the same content key", async () => {
    const { owner, id, ck, plaintexts } = await buildDocument(2, [1.5 * MB, 200]);
    const listed = await listVersions(owner.client, id);
    expect(listed.status).toBe(200);
    const [current, earlier, ...rest] = listed.body.versions;
    expect(rest).toEqual([]);
    expect(current).toMatchObject({ versionId: null, isCurrent: true, size: 200 + 28 });
    expect(earlier).toMatchObject({
      isCurrent: false,
      contentType: "image/png",
      size: 1.5 * MB + 28,
    });
    expect(Date.parse(earlier?.createdAt ?? "")).toBeLessThanOrEqual(
      Date.parse(current?.createdAt ?? ""),
    );
    const old = await owner.client.request("GET", `${base(id)}/versions/${earlier?.versionId}`);
    expect(old.status).toBe(200);
    expect(old.headers.get("content-type")).toBe("application/octet-stream");
    expect(
      (await decryptBytes(ck, await bytesOf(old))).equals(plaintexts[0] ?? Buffer.alloc(0)),
    ).toBe(true);
    const now = await owner.client.request("GET", base(id));
    expect(
      (await decryptBytes(ck, await bytesOf(now))).equals(plaintexts[1] ?? Buffer.alloc(0)),
    ).toBe(true);
    expect(await countRows(id)).toEqual({ versions: 1, pieces: 2 });
  });

  it("the first upload makes no earlier version; a replacement sent with the content (PUT /files) keeps one", async () => {
    const { owner, id, ck, plaintexts } = await buildDocument(1);
    expect((await listVersions(owner.client, id)).body.versions).toHaveLength(1);
    const ciphertext = await encryptBytes(ck, randomBytes(300));
    const encryptedData = (await encryptBytes(ck, Buffer.from("{}"))).toString("base64");
    const head = Buffer.from(
      JSON.stringify({
        encryptedTitle: await sealTitle(ck, id, "Renamed"),
        encryptedData,
        files: { document: { contentType: "image/png", size: ciphertext.length } },
      }),
    );
    const res = await owner.client.send(
      "PUT",
      `/api/assets/${id}/files`,
      Buffer.concat([head, ciphertext]),
      {
        "content-type": "application/octet-stream",
        [ASSET_FILES_JSON_LENGTH_HEADER]: String(head.length),
      },
    );
    expect(res.status).toBe(200);
    const versions = (await listVersions(owner.client, id)).body.versions;
    expect(versions.map((v) => [v.isCurrent, v.size])).toEqual([
      [true, 300 + 28],
      [false, (plaintexts[0]?.length ?? 0) + 28],
    ]);
  });

  it(`keeps at most ${FILE_VERSIONS_KEPT} earlier versions: the oldest go first`, async () => {
    const { owner, id, ck, plaintexts } = await buildDocument(FILE_VERSIONS_KEPT + 2);
    const versions = (await listVersions(owner.client, id)).body.versions;
    expect(versions).toHaveLength(FILE_VERSIONS_KEPT + 1);
    expect(versions.map((v) => v.size)).toEqual(
      plaintexts
        .slice(1)
        .map((p) => p.length + 28)
        .reverse(),
    );
    const oldest = versions.at(-1);
    const res = await owner.client.request("GET", `${base(id)}/versions/${oldest?.versionId}`);
    expect(
      (await decryptBytes(ck, await bytesOf(res))).equals(plaintexts[1] ?? Buffer.alloc(0)),
    ).toBe(true);
    expect(await countRows(id)).toEqual({
      versions: FILE_VERSIONS_KEPT,
      pieces: FILE_VERSIONS_KEPT,
    });
  });

  it("a replacement over the type's limit (413) or of a type not allowed (415) keeps the file and makes no version", async () => {
    const { owner, id, ck } = await buildDocument(1);
    const tooBig = await uploadEncryptedFile(owner.client, {
      assetId: id,
      ck,
      kind: "document",
      plaintext: randomBytes(5 * MB + 1),
      type: "image/png",
    });
    expect(tooBig.res.status).toBe(413);
    const wrongType = await uploadEncryptedFile(owner.client, {
      assetId: id,
      ck,
      kind: "document",
      plaintext: randomBytes(10),
      type: "image/svg+xml",
    });
    expect(wrongType.res.status).toBe(415);
    expect((await listVersions(owner.client, id)).body.versions).toHaveLength(1);
    expect(await countRows(id)).toEqual({ versions: 0, pieces: 0 });
  });

  it("only a document's file has versions: a note's attachment answers 404", async () => {
    const owner = await buildUser(ctx);
    const { id } = await buildAsset(owner.client, { type: "note", content: { text: "x" } });
    expect(
      (await owner.client.request("GET", `/api/assets/${id}/files/attachment/versions`)).status,
    ).toBe(404);
  });

  it("a file's route takes its kind alone: longer paths and look-alike kinds answer 404", async () => {
    const { owner, id } = await buildDocument(1);
    for (const path of [`${base(id)}/other`, `/api/assets/${id}/files/xdocument`])
      expect((await owner.client.request("GET", path)).status, path).toBe(404);
    expect((await owner.client.request("GET", base(id))).status).toBe(200);
  });

  it("another user cannot list, download or replace: 404, and nothing changes", async () => {
    const { owner, id, ck } = await buildDocument(2);
    const versionId = (await listVersions(owner.client, id)).body.versions[1]?.versionId;
    const stranger = (await buildUser(ctx)).client;
    for (const asset of [id, randomUUID()]) {
      expect((await stranger.request("GET", `${base(asset)}/versions`)).status).toBe(404);
      expect((await stranger.request("GET", `${base(asset)}/versions/${versionId}`)).status).toBe(
        404,
      );
      const replaced = await uploadEncryptedFile(stranger, {
        assetId: asset,
        ck,
        kind: "document",
        plaintext: randomBytes(10),
        type: "image/png",
      });
      expect(replaced.res.status).toBe(404);
    }
    // The owner's own other document does not open this one's versions either.
    const other = await buildAsset(owner.client, { type: "document", content: {} });
    expect(
      (await owner.client.request("GET", `${base(other.id)}/versions/${versionId}`)).status,
    ).toBe(404);
    expect((await owner.client.request("GET", `${base(id)}/versions/${randomUUID()}`)).status).toBe(
      404,
    );
    expect((await owner.client.request("GET", `${base(id)}/versions/not-a-uuid`)).status).toBe(404);
    expect((await listVersions(owner.client, id)).body.versions).toHaveLength(2);
  });

  it("row-level security alone hides another user's versions and their bytes", async () => {
    const { id } = await buildDocument(2);
    const stranger = await buildUser(ctx);
    const seen = await withActor(ctx.services.deps.db, { userId: stranger.id }, async (tx) => ({
      versions: await tx.select({ id: assetFileVersions.id }).from(assetFileVersions),
      pieces: await tx.select({ seq: assetFileVersionChunks.seq }).from(assetFileVersionChunks),
      deleted: await tx.delete(assetFileVersions).returning({ id: assetFileVersions.id }),
    }));
    expect(seen).toEqual({ versions: [], pieces: [], deleted: [] });
    expect(await countRows(id)).toEqual({ versions: 1, pieces: 1 });
  });

  it("deleting the document deletes every version and its bytes", async () => {
    const { owner, id } = await buildDocument(3);
    expect(await countRows(id)).toEqual({ versions: 2, pieces: 2 });
    const blobs = await versionBlobsOf(id); // FILE_STORE=s3: their objects
    expect((await owner.client.request("DELETE", `/api/assets/${id}`)).status).toBe(200);
    expect(await countRows(id, blobs)).toEqual({ versions: 0, pieces: 0 });
    expect((await owner.client.request("GET", `${base(id)}/versions`)).status).toBe(404);
  });
});
