import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { REQUEST_MSG } from "../../common/request-limits.js";
import { AppError } from "../errors.js";

/**
 * A release's documents over HTTP (a firm's attestation, decision 011; a verifier's report,
 * decision 082): sent as application/octet-stream with the name in X-File-Name, at most
 * `maxBytes`; given back as an attachment that is never cached.
 */
export const documentBodyLimit = (maxBytes: number) =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `The document must be at most ${maxBytes / 1024 / 1024} MB`,
      );
    },
  });

/** The document's name from X-File-Name (percent-encoded; undecodable keeps the default): no control characters, which a text column and a Content-Disposition cannot hold. */
function fileNameOf(header: string | undefined): string {
  let fileName = "document";
  try {
    fileName = decodeURIComponent(header ?? "document");
  } catch {
    // keep the default name
  }
  if (/\p{Cc}/u.test(fileName)) throw new AppError("VALIDATION", REQUEST_MSG.badFileName);
  return fileName;
}

/** The uploaded bytes and their name; anything but application/octet-stream is refused (415). */
export async function readDocumentUpload(c: Context): Promise<{ fileName: string; data: Buffer }> {
  if (
    c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/octet-stream"
  )
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the document as application/octet-stream");
  const fileName = fileNameOf(c.req.header("x-file-name"));
  return { fileName, data: Buffer.from(await c.req.arrayBuffer()) };
}

export const documentDownload = (
  c: Context,
  doc: { fileName: string; contentType: string; data: Buffer },
) =>
  c.body(new Uint8Array(doc.data), 200, {
    "Content-Type": doc.contentType,
    "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
    "Cache-Control": "no-store",
  });
