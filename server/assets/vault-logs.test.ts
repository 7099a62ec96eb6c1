import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_FILES_JSON_LENGTH_HEADER } from "../../common/assets/files.js";
import { buildAsset, putFile, uploadEncryptedFile } from "../../test/factories/assets.js";
import { FAIL_TITLE, injectDatabaseFault } from "../../test/db-fault.js";
import { buildUser, createTestContext, TestClient, type TestContext } from "../../test/harness.js";
import { createLogger } from "../logger.js";

/** Everything the server logs, at debug level, for the whole file. */
const lines: string[] = [];
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { log: createLogger("debug", (_level, line) => lines.push(line)) },
  );
  await injectDatabaseFault(ctx);
});

afterAll(() => ctx.close());

const MB = 1024 * 1024;
const b64 = (s: string | Uint8Array) => Buffer.from(s).toString("base64");

/** A request with a raw body (malformed JSON, say), as a buggy or hostile browser could send it. */
const raw = (
  client: TestClient,
  method: string,
  path: string,
  body: string,
  contentType = "application/json",
) => client.send(method, path, body, { "content-type": contentType });

/** PUT /api/assets/:id/files: the JSON, then the files. */
function putFiles(client: TestClient, id: string, json: object, files: Buffer) {
  const head = Buffer.from(JSON.stringify(json));
  return client.send("PUT", `/api/assets/${id}/files`, Buffer.concat([head, files]), {
    "content-type": "application/octet-stream",
    [ASSET_FILES_JSON_LENGTH_HEADER]: String(head.length),
  });
}

/** A body of `bytes` that repeats `text`, streamed without a Content-Length. */
function streamOf(text: string, bytes: number) {
  const chunk = Buffer.alloc(MB, text);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(new Uint8Array(chunk));
      sent += chunk.length;
    },
  });
}

describe("the server log holds no vault content", () => {
  it("at debug level, through a password, a document and a note with files, and through failing requests, logs none of the markers nor any ciphertext", async () => {
    const user = await buildUser(ctx);
    const { client } = user;
    const marker = `SECRET-${randomBytes(6).toString("hex")}`;
    const sent: string[] = []; // every ciphertext sent, in base64: not even encrypted content belongs in a log

    const password = await buildAsset(client, {
      type: "password",
      content: {
        username: `${marker}-user`,
        password: `${marker}-pass`,
        website: `https://${marker}.example`,
        notes: `${marker}-notes`,
      },
    });
    const document = await buildAsset(client, {
      type: "document",
      content: {
        fileName: `${marker}.pdf`,
        contentType: "application/pdf",
        fileSize: 40,
        notes: marker,
      },
    });
    const note = await buildAsset(client, {
      type: "note",
      content: { text: `${marker}-note-text`, audioRecording: null, attachment: null },
    });
    for (const [asset, kind, plaintext, type] of [
      [document, "document", `%PDF-1.7 ${marker}-document`, "application/pdf"],
      [note, "recording", `webm ${marker}-recording`, "audio/webm"],
      [note, "attachment", `%PDF-1.7 ${marker}-attachment`, "application/pdf"],
    ] as const) {
      const { res, ciphertext } = await uploadEncryptedFile(client, {
        assetId: asset.id,
        ck: asset.ck,
        kind,
        plaintext: Buffer.from(plaintext),
        type,
      });
      expect(res.status).toBe(200);
      sent.push(b64(ciphertext));
      expect((await client.request("GET", `/api/assets/${asset.id}/files/${kind}`)).status).toBe(
        200,
      );
    }
    for (const asset of [password, document, note]) {
      const got = await client.json<{ asset: { encryptedData: string; wrappedKey: string } }>(
        "GET",
        `/api/assets/${asset.id}`,
      );
      expect(got.status).toBe(200);
      sent.push(got.body.asset.encryptedData, got.body.asset.wrappedKey);
    }
    expect((await client.get(`/api/assets?search=${marker}`)).status).toBe(200);
    const dataKey = (await client.json<{ dataKey: string }>("GET", "/api/vault/key")).body.dataKey;

    // Failing requests that carry a marker: a browser that forgot to encrypt, malformed or unknown fields, refused uploads.
    const forgot = b64(`{"text":"${marker}-forgot-to-encrypt"}`.padEnd(40));
    const clear = Buffer.from(`${marker}-attachment-not-encrypted`.padEnd(40));
    const failures: [string, () => Response | Promise<Response>, number][] = [
      [
        "PATCH, content not base64",
        () => client.patch(`/api/assets/${note.id}`, { encryptedData: `${marker} in clear` }),
        400,
      ],
      [
        "PATCH, an unknown field",
        () => client.patch(`/api/assets/${note.id}`, { notes: marker }),
        400,
      ],
      [
        "PATCH, malformed JSON",
        () => raw(client, "PATCH", `/api/assets/${note.id}`, `{"encryptedData":"${marker}`),
        400,
      ],
      [
        "PATCH, a title in clear (refused: titles are sealed)",
        () => client.patch(`/api/assets/${note.id}`, { title: `${marker} title` }),
        400,
      ],
      [
        "POST, malformed JSON",
        () => raw(client, "POST", "/api/assets", `{"title":"${marker}",`),
        400,
      ],
      // a title PostgreSQL refuses (injected fault): an unexpected database error, whose parameters hold the content sent
      [
        "PATCH, a database error",
        () =>
          client.patch(`/api/assets/${note.id}`, {
            encryptedTitle: FAIL_TITLE,
            encryptedData: forgot,
          }),
        500,
      ],
      [
        "PUT files, a database error after the files were written",
        () =>
          putFiles(
            client,
            note.id,
            {
              encryptedTitle: FAIL_TITLE,
              encryptedData: forgot,
              files: { attachment: { contentType: "text/plain", size: clear.length } },
            },
            clear,
          ),
        500,
      ],
      [
        "PUT, over the size limit by Content-Length",
        () =>
          putFile(client, {
            assetId: document.id,
            kind: "document",
            body: marker.repeat(4),
            headers: { "content-length": String(11 * MB) },
          }),
        413,
      ],
      [
        "PUT, over the size limit while streaming",
        () =>
          putFile(client, {
            assetId: document.id,
            kind: "document",
            body: streamOf(marker, 11 * MB),
            headers: {},
            init: { duplex: "half" },
          }),
        413,
      ],
      [
        "PUT, a type the vault refuses",
        () =>
          putFile(client, {
            assetId: document.id,
            kind: "document",
            body: marker,
            headers: { "x-content-type": `text/${marker}` },
          }),
        415,
      ],
      [
        "PUT, not octet-stream",
        () =>
          putFile(client, {
            assetId: note.id,
            kind: "attachment",
            body: marker,
            headers: { "content-type": `text/plain; name=${marker}` },
          }),
        415,
      ],
      [
        "PUT, the wrong kind of file",
        () =>
          putFile(client, {
            assetId: document.id,
            kind: "recording",
            body: marker,
            headers: { "x-content-type": "audio/webm" },
          }),
        400,
      ],
      [
        "sign-in, a wrong password",
        () =>
          new TestClient(ctx).post("/api/auth/sign-in/email", {
            email: user.email,
            password: `${marker}-wrong`,
          }),
        401,
      ],
      [
        "sign-in, malformed JSON",
        () =>
          raw(
            new TestClient(ctx),
            "POST",
            "/api/auth/sign-in/email",
            `{"email":"${user.email}","password":"${marker}`,
          ),
        400,
      ],
    ];
    for (const [name, request, status] of failures)
      expect([name, (await request()).status]).toEqual([name, status]);

    const log = lines.join("\n");
    const forbidden = [
      marker,
      b64(marker),
      Buffer.from(marker).toString("hex"),
      forgot,
      dataKey,
      user.password,
      ...sent.map((s) => s.slice(0, 40)),
    ];
    for (const secret of forbidden)
      expect(log.toLowerCase(), `the log holds ${secret}`).not.toContain(secret.toLowerCase());
    // the capture works: the unexpected errors are there, with what an operator needs (route, SQLSTATE, query, stack)
    expect(log).toMatch(new RegExp(`ERROR requestId=\\S+ PATCH /api/assets/${note.id}: .*P0001`));
    expect(log).toMatch(
      new RegExp(`ERROR requestId=\\S+ PUT /api/assets/${note.id}/files: .*P0001`),
    );
  });
});
