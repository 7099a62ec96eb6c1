import type { AssetView } from "../../common/assets.js";
import { randomBytes } from "node:crypto";
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
import { storedPieces } from "../../test/stored-files.js";
import { decryptBytes } from "../../test/vault-crypto.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MB = 1024 * 1024;
type Err = { error: { code: string; message: string } };
const getFile = (client: TestClient, id: string, kind: string) =>
  client.request("GET", `/api/assets/${id}/files/${kind}`);
const errorOf = async (res: Response) => ((await res.json()) as Err).error;

/** A request body that records whether anyone read from it. */
function watchedStream(bytes: number) {
  const state = { pulls: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulls++;
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

describe("asset files: encrypted bytes as application/octet-stream", () => {
  it("a file is stored in pieces of 1 MiB and read back whole; a smaller replacement leaves none of the old pieces", async () => {
    const { client } = await buildUser(ctx);
    const { id, ck } = await buildAsset(client, {
      type: "document",
      content: { fileName: "scan.png", notes: "" },
    });
    const pieces = () => storedPieces(ctx, { assetId: id, kind: "document" });
    const big = await uploadEncryptedFile(client, {
      assetId: id,
      ck,
      kind: "document",
      plaintext: randomBytes(2.5 * MB),
      type: "image/png",
    });
    expect(big.res.status).toBe(200);
    expect(await pieces()).toEqual([
      [0, MB],
      [1, MB],
      [2, 0.5 * MB + 28],
    ]);
    expect(
      Buffer.from(await (await getFile(client, id, "document")).arrayBuffer()).equals(
        big.ciphertext,
      ),
    ).toBe(true);
    const small = await uploadEncryptedFile(client, {
      assetId: id,
      ck,
      kind: "document",
      plaintext: randomBytes(100),
      type: "image/png",
    });
    expect(small.res.status).toBe(200);
    expect(await pieces()).toEqual([[0, 128]]);
    expect(
      Buffer.from(await (await getFile(client, id, "document")).arrayBuffer()).equals(
        small.ciphertext,
      ),
    ).toBe(true);
  });

  it("a 10 MB document round-trips byte-identical, stored as 10 MB of bytea (not base64), and decrypts in the browser", async () => {
    const { client } = await buildUser(ctx);
    const { id, ck } = await buildAsset(client, {
      type: "document",
      content: { fileName: "will.pdf", notes: "" },
    });
    const plaintext = randomBytes(10 * MB);
    const { res, ciphertext } = await uploadEncryptedFile(client, {
      assetId: id,
      ck,
      kind: "document",
      plaintext,
      type: "application/pdf",
    });
    expect(res.status).toBe(200);
    expect(ciphertext.length).toBe(10 * MB + 28);
    expect(await res.json()).toEqual({
      file: {
        kind: "document",
        contentType: "application/pdf",
        size: 10 * MB + 28,
        isChunked: false,
      },
    });

    const stored = await storedPieces(ctx, { assetId: id, kind: "document" });
    expect(stored.reduce((n, [, bytes]) => n + bytes, 0)).toBe(10 * MB + 28);
    expect(stored).toHaveLength(11); // pieces of at most 1 MiB (docs/decisions/015), in either store

    const download = await getFile(client, id, "document");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/octet-stream");
    expect(download.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(ciphertext)).toBe(true);
    expect((await decryptBytes(ck, bytes)).equals(plaintext)).toBe(true);

    const listed = await client.json<{ assets: AssetView[] }>("GET", "/api/assets");
    expect(listed.body.assets[0]?.files).toEqual([
      { kind: "document", contentType: "application/pdf", size: 10 * MB + 28, isChunked: false },
    ]);
    expect(JSON.stringify(listed.body).length).toBeLessThan(2000);
  });

  it("refuses a Content-Length over the type's limit with 413 before reading a byte of the body", async () => {
    const { client } = await buildUser(ctx);
    const { id } = await buildAsset(client, { type: "document" });
    const cases: [string, string, number, string][] = [
      [
        "document",
        "application/pdf",
        10 * MB + 29,
        "File size cannot exceed 10MB for this file type",
      ],
      ["document", "image/png", 5 * MB + 29, "File size cannot exceed 5MB for this file type"],
      ["document", "text/plain", 2 * MB + 29, "File size cannot exceed 2MB for this file type"],
      ["attachment", "application/pdf", 5 * MB + 29, "File is too large. Maximum size is 5MB."],
      [
        "recording",
        "audio/webm;codecs=opus",
        25 * MB + 29,
        "The recording is too large. Maximum size is 25MB.",
      ],
    ];
    for (const [kind, type, length, message] of cases) {
      const { stream, state } = watchedStream(1024);
      const res = await putFile(client, {
        assetId: id,
        kind,
        body: stream,
        headers: { "x-content-type": type, "content-length": String(length) },
        init: { duplex: "half" },
      });
      expect(res.status).toBe(413);
      expect((await errorOf(res)).message).toBe(message);
      expect(state.pulls).toBe(0);
    }
  });

  it("cuts off a body without a Content-Length once it passes the limit", async () => {
    const { client } = await buildUser(ctx);
    const { id } = await buildAsset(client, { type: "note" });
    const chunks = Array.from({ length: 20 }, () => new Uint8Array(MB));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const res = await putFile(client, {
      assetId: id,
      kind: "attachment",
      body: stream,
      headers: { "x-content-type": "image/png" },
      init: { duplex: "half" },
    });
    expect(res.status).toBe(413);
    expect(chunks.length).toBeGreaterThan(10); // stopped after about 5 MB of 20
  });

  it("refuses a declared type the spec does not allow (415), and a body that is not octet-stream", async () => {
    const { client } = await buildUser(ctx);
    const doc = await buildAsset(client, { type: "document" });
    const note = await buildAsset(client, { type: "note" });
    const body = randomBytes(100);
    const svg = await putFile(client, {
      assetId: doc.id,
      kind: "document",
      body,
      headers: { "x-content-type": "image/svg+xml" },
    });
    expect(svg.status).toBe(415);
    expect((await errorOf(svg)).message).toBe(
      "Unsupported file type. Allowed types are: pdf, doc, docx, xls, xlsx, ppt, pptx, jpg, jpeg, png, gif, txt, csv",
    );
    const xls = await putFile(client, {
      assetId: note.id,
      kind: "attachment",
      body,
      headers: { "x-content-type": "application/vnd.ms-excel" },
    });
    expect(xls.status).toBe(415);
    expect((await errorOf(xls)).message).toBe(
      "Unsupported file type. Allowed types are: pdf, doc, docx, txt, jpg, jpeg, png",
    );
    expect(
      (
        await putFile(client, {
          assetId: note.id,
          kind: "recording",
          body,
          headers: { "x-content-type": "audio/mpeg" },
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await putFile(client, {
          assetId: doc.id,
          kind: "document",
          body,
          headers: { "x-content-type": "" },
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await putFile(client, {
          assetId: doc.id,
          kind: "document",
          body,
          headers: { "content-type": "multipart/form-data; boundary=x" },
        })
      ).status,
    ).toBe(415);
    expect(
      (await putFile(client, { assetId: doc.id, kind: "document", body: randomBytes(20) })).status,
    ).toBe(400);
    expect((await getFile(client, doc.id, "document")).status).toBe(404);
  });

  it("takes only the kinds that fit the asset: a document's document, a note's recording and attachment", async () => {
    const { client } = await buildUser(ctx);
    const doc = await buildAsset(client, { type: "document" });
    const note = await buildAsset(client, { type: "note" });
    const password = await buildAsset(client, { type: "password" });
    const body = randomBytes(100);
    const pdf = { "x-content-type": "application/pdf" };
    const mismatch = await putFile(client, {
      assetId: note.id,
      kind: "document",
      body,
      headers: pdf,
    });
    expect(mismatch.status).toBe(400);
    expect((await errorOf(mismatch)).message).toBe(
      "This kind of file cannot be added to this item",
    );
    expect(
      (await putFile(client, { assetId: doc.id, kind: "attachment", body, headers: pdf })).status,
    ).toBe(400);
    expect(
      (await putFile(client, { assetId: password.id, kind: "document", body, headers: pdf }))
        .status,
    ).toBe(400);
    expect(
      (await putFile(client, { assetId: doc.id, kind: "avatar", body, headers: pdf })).status,
    ).toBe(404);
    expect(
      (await putFile(client, { assetId: note.id, kind: "attachment", body, headers: pdf })).status,
    ).toBe(200);
    expect(
      (
        await putFile(client, {
          assetId: note.id,
          kind: "recording",
          body,
          headers: { "x-content-type": "audio/webm;codecs=opus" },
        })
      ).status,
    ).toBe(200);
    const got = await client.json<{ asset: AssetView }>("GET", `/api/assets/${note.id}`);
    expect(got.body.asset.files).toEqual([
      { kind: "attachment", contentType: "application/pdf", size: 100, isChunked: false },
      { kind: "recording", contentType: "audio/webm", size: 100, isChunked: false },
    ]);
  });

  it("replaces a file (one per kind), deletes it, and deleting the asset deletes its files", async () => {
    const { client } = await buildUser(ctx);
    const note = await buildAsset(client, { type: "note" });
    const first = randomBytes(64);
    const second = randomBytes(80);
    await putFile(client, {
      assetId: note.id,
      kind: "attachment",
      body: first,
      headers: { "x-content-type": "image/png" },
    });
    const before = (await client.json<{ asset: AssetView }>("GET", `/api/assets/${note.id}`)).body
      .asset.updatedAt;
    await putFile(client, {
      assetId: note.id,
      kind: "attachment",
      body: second,
      headers: { "x-content-type": "text/plain" },
    });
    const after = await client.json<{ asset: AssetView }>("GET", `/api/assets/${note.id}`);
    expect(after.body.asset.files).toEqual([
      { kind: "attachment", contentType: "text/plain", size: 80, isChunked: false },
    ]);
    expect(Date.parse(after.body.asset.updatedAt)).toBeGreaterThan(Date.parse(before));
    expect(
      Buffer.from(await (await getFile(client, note.id, "attachment")).arrayBuffer()).equals(
        second,
      ),
    ).toBe(true);

    expect((await client.request("DELETE", `/api/assets/${note.id}/files/attachment`)).status).toBe(
      200,
    );
    expect((await getFile(client, note.id, "attachment")).status).toBe(404);
    expect((await client.request("DELETE", `/api/assets/${note.id}/files/attachment`)).status).toBe(
      404,
    );

    await putFile(client, {
      assetId: note.id,
      kind: "recording",
      body: first,
      headers: { "x-content-type": "audio/webm" },
    });
    await client.request("DELETE", `/api/assets/${note.id}`);
    const [left] = rowsOf<{ n: number }>(
      await ctx.services.deps.db.execute(
        sql`select (select count(*) from asset_files where asset_id = ${note.id})::int + (select count(*) from asset_file_chunks where asset_id = ${note.id})::int as n`,
      ),
    );
    expect(left?.n).toBe(0);
  });
});
