import { FILE_CHUNK_PLAIN_BYTES, type FileUploadView } from "@common/assets/file-uploads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decryptFileChunk } from "@/lib/crypto/file-chunks";
import { newContentKey } from "@/lib/crypto/vault-crypto";
import { QueryClient } from "@tanstack/react-query";
import { updateAssetFiles } from "./update-asset-files";
import { uploadAssetFileInChunks } from "./upload-asset-file-in-chunks";

/*
 * The browser's side of an upload in chunks (docs/decisions/108), against a server faked in a few
 * lines: fetch for the JSON routes, XMLHttpRequest (lib/upload.ts) for the chunks.
 */

const ASSET = "3f0c8a52-5d0b-4a8e-9a0f-6c1f1d2b7e11";
const UPLOAD = "0b6d2f7a-3c1e-4d5f-8a9b-1c2d3e4f5a6b";
const CHUNK = FILE_CHUNK_PLAIN_BYTES;
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });

/** A server that holds `stored` chunks already, and loses the connection on the PUTs listed in `dropped` once each. */
function fakeServer({
  size,
  stored,
  dropped,
}: {
  size: number;
  stored: number;
  dropped: number[];
}) {
  const view = (storedChunks: number): FileUploadView => ({
    uploadId: UPLOAD,
    size,
    chunkBytes: CHUNK,
    chunkCount: Math.ceil(size / CHUNK),
    storedChunks,
  });
  const requests: string[] = [];
  const chunks = new Map<number, Blob>();
  const edits: Blob[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? "GET"} ${path.replace(/[0-9a-f-]{36}/g, ":id")}`);
      if (init?.method === "POST" && path.endsWith("/complete"))
        return json({ file: { kind: "document", contentType: "application/pdf", size } });
      return json(view(stored), init?.method === "POST" ? 201 : 200);
    }),
  );
  const toDrop = [...dropped];
  class FakeXhr {
    status = 0;
    responseText = "";
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private path = "";
    open(method: string, path: string) {
      this.path = path;
      requests.push(`${method} ${path.replace(/[0-9a-f-]{36}/g, ":id")}`);
    }
    setRequestHeader() {}
    send(body: Blob) {
      if (this.path.endsWith("/files")) {
        edits.push(body);
        return setTimeout(() => {
          this.status = 200;
          this.responseText = JSON.stringify({ asset: { id: ASSET } });
          this.onload?.();
        });
      }
      const index = Number(this.path.split("/").pop());
      setTimeout(() => {
        if (toDrop[0] === index) {
          toDrop.shift();
          return this.onerror?.();
        }
        chunks.set(index, body);
        this.status = 200;
        this.responseText = JSON.stringify(view(index + 1));
        this.onload?.();
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return { requests, chunks, edits };
}

afterEach(() => vi.unstubAllGlobals());

const fileOf = (size: number) => new File([new Uint8Array(size).fill(7)], "will.pdf");

describe("an upload in chunks from the browser", () => {
  it("sends each chunk in order, sealed to its place, sends a chunk again after a lost connection, then completes", async () => {
    const size = 2 * CHUNK + 10;
    const server = fakeServer({ size, stored: 0, dropped: [1] });
    const contentKey = await newContentKey();
    const file = fileOf(size);
    const meta = await uploadAssetFileInChunks({
      assetId: ASSET,
      kind: "document",
      contentKey,
      file,
      contentType: "application/pdf",
    });
    expect(meta.size).toBe(size);
    expect(server.requests).toEqual([
      "POST /api/assets/:id/files/document/uploads",
      "PUT /api/assets/:id/files/document/uploads/:id/chunks/0",
      "PUT /api/assets/:id/files/document/uploads/:id/chunks/1",
      "PUT /api/assets/:id/files/document/uploads/:id/chunks/1",
      "PUT /api/assets/:id/files/document/uploads/:id/chunks/2",
      "POST /api/assets/:id/files/document/uploads/:id/complete",
    ]);
    for (const index of [0, 1, 2]) {
      const sent = new Uint8Array(await server.chunks.get(index)!.arrayBuffer());
      const place = { uploadId: UPLOAD, index, isLast: index === 2 };
      const plain = await decryptFileChunk(contentKey, sent, place);
      expect(plain.length).toBe(index === 2 ? 10 : CHUNK);
    }
  });

  it("resumes an upload the server still holds from its first missing chunk", async () => {
    const size = 2 * CHUNK + 10;
    const server = fakeServer({ size, stored: 2, dropped: [] });
    await uploadAssetFileInChunks({
      assetId: ASSET,
      kind: "document",
      contentKey: await newContentKey(),
      file: fileOf(size),
      contentType: "application/pdf",
      resumeUploadId: UPLOAD,
    });
    expect(server.requests).toEqual([
      "GET /api/assets/:id/files/document/uploads/:id",
      "PUT /api/assets/:id/files/document/uploads/:id/chunks/2",
      "POST /api/assets/:id/files/document/uploads/:id/complete",
    ]);
  });

  it("an edit sends a new file in chunks, then names the upload with the content: no file bytes in that request", async () => {
    const size = CHUNK + 10;
    const server = fakeServer({ size, stored: 0, dropped: [] });
    const contentKey = await newContentKey();
    await updateAssetFiles(new QueryClient(), {
      id: ASSET,
      previousBeneficiaryEmails: [],
      contentKey,
      wrappedKey: new Uint8Array(0),
      content: {
        text: "Hello",
        audioRecording: null,
        attachment: { fileName: "will.pdf", contentType: "application/pdf", fileSize: size },
      },
      files: {
        attachment: { file: fileOf(size), contentType: "application/pdf" },
        recording: null,
      },
    });
    expect(server.requests).toEqual([
      "POST /api/assets/:id/files/attachment/uploads",
      "PUT /api/assets/:id/files/attachment/uploads/:id/chunks/0",
      "PUT /api/assets/:id/files/attachment/uploads/:id/chunks/1",
      "PUT /api/assets/:id/files",
    ]);
    const edit = server.edits[0]!;
    const json = JSON.parse(await edit.text()) as { files: unknown };
    expect(json.files).toEqual({ attachment: { uploadId: UPLOAD }, recording: null });
    expect(edit.size).toBeLessThan(1000);
    const last = new Uint8Array(await server.chunks.get(1)!.arrayBuffer());
    const plain = await decryptFileChunk(contentKey, last, {
      uploadId: UPLOAD,
      index: 1,
      isLast: true,
    });
    expect(plain.length).toBe(10);
  });
});
