import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssetView, AssetWithContentView } from "../../common/assets.js";
import { ASSET_FILES_JSON_LENGTH_HEADER } from "../../common/assets/files.js";
import { buildAsset, uploadEncryptedFile } from "../../test/factories/assets.js";
import { FAIL_TITLE, injectDatabaseFault } from "../../test/db-fault.js";
import {
  buildUser,
  createTestContext,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import {
  decryptBytes,
  encryptBytes,
  openAsset,
  openTitle,
  sealTitle,
  type CryptoKey,
} from "../../test/vault-crypto.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await injectDatabaseFault(ctx);
});

afterAll(() => ctx.close());

const MB = 1024 * 1024;
type Err = { error: { code: string; message: string } };
type FileJson = { contentType: string; size: number } | null;
type NoteContent = {
  text: string;
  audioRecording: { duration: number; contentType: string } | null;
  attachment: { fileName: string } | null;
};

/** PUT /api/assets/:id/files as the browser sends it: the JSON, then the files' ciphertexts (document, recording, attachment order). */
function putFiles(
  client: TestClient,
  id: string,
  json: object,
  files: Uint8Array[] | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  const head = Buffer.from(JSON.stringify(json));
  const body =
    files instanceof ReadableStream ? prepend(head, files) : Buffer.concat([head, ...files]);
  return client.send(
    "PUT",
    `/api/assets/${id}/files`,
    body,
    {
      "content-type": "application/octet-stream",
      [ASSET_FILES_JSON_LENGTH_HEADER]: String(head.length),
      ...headers,
    },
    { duplex: "half" },
  );
}

function prepend(head: Uint8Array, rest: ReadableStream<Uint8Array>) {
  const reader = rest.getReader();
  let isHeadSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!isHeadSent) {
        isHeadSent = true;
        return controller.enqueue(head);
      }
      const { done, value } = await reader.read().catch((err: unknown) => {
        controller.error(err);
        return { done: true, value: undefined };
      });
      if (done || !value) controller.close();
      else controller.enqueue(value);
    },
  });
}

/** A body whose bytes stop after `bytes`: closed (the upload ended early) or broken (the connection dropped). */
function cutOff(bytes: Uint8Array, how: "close" | "error") {
  let isSent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!isSent) {
        isSent = true;
        return controller.enqueue(bytes);
      }
      if (how === "close") controller.close();
      else controller.error(new Error("connection reset"));
    },
  });
}

const seal = async (ck: CryptoKey, content: NoteContent) =>
  (await encryptBytes(ck, Buffer.from(JSON.stringify(content)))).toString("base64");
const part = (contentType: string, ciphertext: Uint8Array): FileJson => ({
  contentType,
  size: ciphertext.length,
});

/** A note with a recording and an attachment stored, and what each holds. */
async function buildNote(client: TestClient) {
  const content: NoteContent = {
    text: "first text",
    audioRecording: { duration: 3, contentType: "audio/webm" },
    attachment: { fileName: "first.pdf" },
  };
  const note = await buildAsset(client, { type: "note", content });
  const recording = randomBytes(2000);
  const attachment = randomBytes(3000);
  await uploadEncryptedFile(client, {
    assetId: note.id,
    ck: note.ck,
    kind: "recording",
    plaintext: recording,
    type: "audio/webm",
  });
  await uploadEncryptedFile(client, {
    assetId: note.id,
    ck: note.ck,
    kind: "attachment",
    plaintext: attachment,
    type: "application/pdf",
  });
  return { ...note, content, recording, attachment };
}

/** The note as its owner's browser opens it: content, file list and each file decrypted. */
async function readNote(client: TestClient, note: { id: string; dk: CryptoKey; ck: CryptoKey }) {
  const got = await client.json<{ asset: AssetWithContentView }>("GET", `/api/assets/${note.id}`);
  const file = async (kind: string) => {
    const res = await client.request("GET", `/api/assets/${note.id}/files/${kind}`);
    return res.status === 200
      ? decryptBytes(note.ck, Buffer.from(await res.arrayBuffer()))
      : res.status;
  };
  const sealed = got.body.asset.encryptedTitle;
  return {
    title: sealed ? await openTitle(note.ck, note.id, sealed) : got.body.asset.title,
    content: await openAsset(note.dk, got.body.asset),
    files: got.body.asset.files,
    recording: await file("recording"),
    attachment: await file("attachment"),
  };
}

describe("PUT /api/assets/:id/files: the content and the files it describes, together", () => {
  it("replaces a note's text, recording and attachment in one request; null removes a file, a kind left out keeps its file", async () => {
    const { client } = await buildUser(ctx);
    const note = await buildNote(client);
    const recording = randomBytes(5000);
    const attachment = randomBytes(4000);
    const [r, a] = [
      await encryptBytes(note.ck, recording),
      await encryptBytes(note.ck, attachment),
    ];
    const content: NoteContent = {
      text: "second text",
      audioRecording: { duration: 7, contentType: "audio/webm" },
      attachment: { fileName: "second.png" },
    };
    const res = await putFiles(
      client,
      note.id,
      {
        encryptedTitle: await sealTitle(note.ck, note.id, "Renamed"),
        encryptedData: await seal(note.ck, content),
        files: { recording: part("audio/webm;codecs=opus", r), attachment: part("image/png", a) },
      },
      [r, a],
    );
    expect(res.status).toBe(200);
    const saved = ((await res.json()) as { asset: AssetView }).asset;
    expect(saved.files).toEqual([
      { kind: "attachment", contentType: "image/png", size: 4028, isChunked: false },
      { kind: "recording", contentType: "audio/webm", size: 5028, isChunked: false },
    ]);
    expect(await readNote(client, note)).toEqual({
      title: "Renamed",
      content,
      files: saved.files,
      recording,
      attachment,
    });

    const withoutAttachment: NoteContent = { ...content, attachment: null };
    const removed = await putFiles(
      client,
      note.id,
      { encryptedData: await seal(note.ck, withoutAttachment), files: { attachment: null } },
      [],
    );
    expect(removed.status).toBe(200);
    expect(await readNote(client, note)).toMatchObject({
      content: withoutAttachment,
      recording,
      attachment: 404,
    });
  });

  it("is all or nothing: whatever fails, the note keeps its old text and both old files", async () => {
    const { client } = await buildUser(ctx);
    const note = await buildNote(client);
    const before = await readNote(client, note);
    expect(before).toMatchObject({
      content: note.content,
      recording: note.recording,
      attachment: note.attachment,
    });
    const r = await encryptBytes(note.ck, randomBytes(5000));
    const a = await encryptBytes(note.ck, randomBytes(4000));
    const encryptedData = await seal(note.ck, {
      text: "never saved",
      audioRecording: { duration: 9, contentType: "audio/webm" },
      attachment: { fileName: "never.pdf" },
    });
    const both = {
      encryptedData,
      files: { recording: part("audio/webm", r), attachment: part("application/pdf", a) },
    };

    const failures: [string, () => Response | Promise<Response>, number][] = [
      [
        "the connection drops during the attachment",
        () =>
          putFiles(client, note.id, both, cutOff(Buffer.concat([r, a.subarray(0, 100)]), "error")),
        500,
      ],
      [
        "the body ends before the attachment does",
        () =>
          putFiles(client, note.id, both, cutOff(Buffer.concat([r, a.subarray(0, 100)]), "close")),
        400,
      ],
      [
        "the body runs on after the attachment",
        () => putFiles(client, note.id, both, [r, a, randomBytes(10)]),
        400,
      ],
      [
        "the attachment is over its limit (refused before a byte is read)",
        () =>
          putFiles(
            client,
            note.id,
            {
              ...both,
              files: {
                ...both.files,
                attachment: { contentType: "application/pdf", size: 5 * MB + 29 },
              },
            },
            [r, a],
          ),
        413,
      ],
      [
        "the attachment's type is refused",
        () =>
          putFiles(
            client,
            note.id,
            { ...both, files: { ...both.files, attachment: part("image/svg+xml", a) } },
            [r, a],
          ),
        415,
      ],
      [
        "a note takes no document",
        () =>
          putFiles(
            client,
            note.id,
            { ...both, files: { ...both.files, document: part("application/pdf", a) } },
            [a, r, a],
          ),
        400,
      ],
      [
        "a new content key without a new title",
        () =>
          putFiles(client, note.id, { ...both, wrappedKey: Buffer.alloc(60).toString("base64") }, [
            r,
            a,
          ]),
        400,
      ],
      [
        "a title in clear",
        () => putFiles(client, note.id, { ...both, title: "Renamed in clear" }, [r, a]),
        400,
      ],
      [
        "the content is not ciphertext",
        () => putFiles(client, note.id, { ...both, encryptedData: "plain text" }, [r, a]),
        400,
      ],
      // the new recording is already written when PostgreSQL refuses the title (injected fault): the transaction takes it back
      [
        "the database fails after the files were written",
        () => putFiles(client, note.id, { ...both, encryptedTitle: FAIL_TITLE }, [r, a]),
        500,
      ],
    ];
    for (const [name, request, status] of failures) {
      const res = await request();
      expect([name, res.status]).toEqual([name, status]);
      expect(await readNote(client, note), name).toEqual(before);
    }
    const res = await putFiles(
      client,
      note.id,
      { ...both, files: { ...both.files, attachment: part("image/svg+xml", a) } },
      [r, a],
    );
    expect(((await res.json()) as Err).error.message).toBe(
      "Unsupported file type. Allowed types are: pdf, doc, docx, txt, jpg, jpeg, png",
    );
  });

  it("someone else gets 404 and changes nothing; without a session, 401", async () => {
    const owner = await buildUser(ctx);
    const note = await buildNote(owner.client);
    const before = await readNote(owner.client, note);
    const stranger = await buildUser(ctx);
    const r = await encryptBytes(note.ck, randomBytes(100));
    const json = {
      encryptedData: await seal(note.ck, {
        text: "theirs",
        audioRecording: null,
        attachment: null,
      }),
      files: { recording: part("audio/webm", r), attachment: null },
    };
    expect((await putFiles(stranger.client, note.id, json, [r])).status).toBe(404);
    const anonymous = await putFiles(stranger.client, note.id, json, [r], { cookie: "" });
    expect(anonymous.status).toBe(401);
    expect(await readNote(owner.client, note)).toEqual(before);
  });
});
