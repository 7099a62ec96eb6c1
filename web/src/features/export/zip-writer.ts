import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** Types worth compressing; PDFs, images, recordings and the Office XML formats are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|msword|vnd\.ms-excel|vnd\.ms-powerpoint)$)/;
export const isCompressible = (contentType: string) => COMPRESSIBLE.test(contentType);

export type ZipWriter = {
  add(path: string, bytes: Uint8Array, options: { mtime: string; contentType: string }): void;
  /** Ends the archive (central directory) and hands it over. */
  finish(): Blob;
};

/**
 * A ZIP made in memory with fflate's streaming Zip, one file at a time (synchronous deflate: no
 * worker, which the Content-Security-Policy would refuse). UTF-8 names are flagged as such.
 */
export function createZipWriter(): ZipWriter {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else chunks.push(data as Uint8Array<ArrayBuffer>);
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    add(path, bytes, { mtime, contentType }) {
      const file = isCompressible(contentType)
        ? new ZipDeflate(path, { level: 6 })
        : new ZipPassThrough(path);
      file.mtime = new Date(mtime);
      zip.add(file);
      file.push(bytes, true);
      check();
    },
    finish() {
      zip.end();
      check();
      return new Blob(chunks, { type: "application/zip" });
    },
  };
}
