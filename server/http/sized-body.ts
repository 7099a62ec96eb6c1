import { Readable, Transform } from "node:stream";
import type { ChunkBody } from "../blobs/blob-store.js";

/**
 * A request body that must be exactly `size` bytes, as a stream for the blob store: it fails as
 * soon as it runs past `size`, or at its end when it falls short (its signal aborts then), and
 * `isWrongSize()` then says so (whatever error the store wraps it in), for a 400 rather than a 500.
 */
export function sizedBody(
  body: ReadableStream<Uint8Array> | null,
  size: number,
): { body: ChunkBody; isWrongSize: () => boolean } {
  let seen = 0;
  let isWrong = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > size) {
        isWrong = true;
        return done(new Error(`chunk longer than ${size} bytes`));
      }
      done(null, chunk);
    },
    flush(done) {
      if (seen === size) return done();
      isWrong = true;
      done(new Error(`chunk of ${seen} bytes, ${size} expected`));
    },
  });
  // A store that reads the stream into a request of its own (S3's PutObject) would wait for the
  // missing bytes: the signal ends that request as soon as the body fails.
  const aborter = new AbortController();
  counter.on("error", (err) => aborter.abort(err));
  const source = body ? Readable.fromWeb(body) : Readable.from([]);
  source.on("error", (err) => counter.destroy(err));
  return {
    body: { stream: source.pipe(counter), size, signal: aborter.signal },
    isWrongSize: () => isWrong,
  };
}
