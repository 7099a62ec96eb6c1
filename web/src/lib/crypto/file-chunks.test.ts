import { describe, expect, it } from "vitest";
import { decryptChunkedStream, encryptFileChunk } from "./file-chunks";
import { DecryptError, newContentKey } from "./vault-crypto";

/** The chunk format of docs/decisions/108, run on Node's WebCrypto with 1 KiB chunks. */

const CHUNK = 1024;
const UPLOAD = "0b6d2f7a-3c1e-4d5f-8a9b-1c2d3e4f5a6b";
const OTHER_UPLOAD = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";

/** A file of `size` random bytes, encrypted chunk by chunk as the browser uploads it. */
async function encryptFile(key: CryptoKey, size: number, uploadId = UPLOAD) {
  const plaintext = crypto.getRandomValues(new Uint8Array(size));
  const count = Math.max(1, Math.ceil(size / CHUNK));
  const chunks: Uint8Array[] = [];
  for (let index = 0; index < count; index++) {
    const part = plaintext.subarray(index * CHUNK, (index + 1) * CHUNK);
    chunks.push(
      await encryptFileChunk(key, part, { uploadId, index, isLast: index === count - 1 }),
    );
  }
  return { plaintext, chunks };
}

const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

/** The stored file as the server sends it back: chunks one after the other, delivered in odd pieces. */
function streamOf(chunks: Uint8Array[], piece = 700): ReadableStream<Uint8Array> {
  const all = joined(chunks);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= all.length) return controller.close();
      controller.enqueue(all.slice(at, at + piece));
      at += piece;
    },
  });
}

const decrypt = (key: CryptoKey, chunks: Uint8Array[], uploadId = UPLOAD) =>
  decryptChunkedStream(key, streamOf(chunks), { uploadId, chunkBytes: CHUNK });

describe("a file encrypted chunk by chunk", () => {
  it("decrypts back to the same bytes, one part per chunk, whatever pieces the network delivers", async () => {
    const key = await newContentKey();
    for (const size of [1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 17]) {
      const { plaintext, chunks } = await encryptFile(key, size);
      const parts = await decrypt(key, chunks);
      expect(parts).toHaveLength(chunks.length);
      expect(joined(parts)).toEqual(plaintext);
    }
  });

  it("refuses chunks in another order", async () => {
    const key = await newContentKey();
    const { chunks } = await encryptFile(key, 3 * CHUNK + 5);
    const [a, b, c, d] = chunks as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    await expect(decrypt(key, [b, a, c, d])).rejects.toBeInstanceOf(DecryptError);
  });

  it("refuses a file with a chunk dropped from the middle", async () => {
    const key = await newContentKey();
    const { chunks } = await encryptFile(key, 3 * CHUNK + 5);
    await expect(decrypt(key, [chunks[0]!, chunks[2]!, chunks[3]!])).rejects.toBeInstanceOf(
      DecryptError,
    );
  });

  it("refuses a file cut short at a chunk's end, or inside a chunk", async () => {
    const key = await newContentKey();
    const { chunks } = await encryptFile(key, 3 * CHUNK);
    await expect(decrypt(key, chunks.slice(0, 2))).rejects.toBeInstanceOf(DecryptError);
    const cut = chunks[2]!.subarray(0, 100);
    await expect(decrypt(key, [...chunks.slice(0, 2), cut])).rejects.toBeInstanceOf(DecryptError);
  });

  it("refuses a chunk taken from another upload under the same key, in the same place", async () => {
    const key = await newContentKey();
    const mine = await encryptFile(key, 2 * CHUNK + 5);
    const other = await encryptFile(key, 2 * CHUNK + 5, OTHER_UPLOAD);
    await expect(
      decrypt(key, [mine.chunks[0]!, other.chunks[1]!, mine.chunks[2]!]),
    ).rejects.toBeInstanceOf(DecryptError);
    await expect(decrypt(key, mine.chunks, OTHER_UPLOAD)).rejects.toBeInstanceOf(DecryptError);
  });

  it("refuses a changed byte and an empty body", async () => {
    const key = await newContentKey();
    const { chunks } = await encryptFile(key, 2 * CHUNK);
    const changed = chunks.map((c) => c.slice());
    changed[1]![40]! ^= 1;
    await expect(decrypt(key, changed)).rejects.toBeInstanceOf(DecryptError);
    await expect(decrypt(key, [])).rejects.toBeInstanceOf(DecryptError);
  });
});
