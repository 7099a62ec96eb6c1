import type { HonoRequest } from "hono";
import { createMiddleware } from "hono/factory";
import {
  ASSET_JSON_MAX_BYTES,
  ASSET_MSG,
  type UpdateAssetFilesInput,
  updateAssetFilesSchema,
} from "../../common/assets.js";
import {
  ASSET_FILE_KINDS,
  ASSET_FILES_JSON_LENGTH_HEADER,
  type AssetFileKind,
  assetFileKindSchema,
  fileTooLargeMessage,
} from "../../common/assets/files.js";
import { REQUEST_MSG } from "../../common/request-limits.js";
import { AppError } from "../errors.js";
import { parseJsonBytes } from "../http/body-gate.js";
import { BodyReader } from "../http/body-reader.js";
import type { AppEnv } from "../http/context.js";
import { parseWith } from "../http/validate.js";
import { maxCiphertextBytes, requireFileTypeRule } from "./file-rules.js";
import type { FileParts } from "./files.js";

/* The HTTP layer of asset uploads: one file (PUT …/files/:kind) or several with JSON (PUT …/files). */

/** The plaintext's type travels in this header; the body is the ciphertext. */
export const DECLARED_TYPE_HEADER = "x-content-type";

/** 415 unless the body is application/octet-stream (ciphertext, never base64 in JSON). */
export function requireOctetStream(req: HonoRequest) {
  if (
    req.header("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/octet-stream"
  ) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", ASSET_MSG.uploadNotOctetStream);
  }
}

/** The largest ciphertext accepted for a file of `kind` declared as `declaredType`, and the 413 that refuses a bigger one (415 for a type the spec does not allow). */
export function fileLimit(kind: AssetFileKind, declaredType: string) {
  const rule = requireFileTypeRule(kind, declaredType);
  return {
    rule,
    maxBytes: maxCiphertextBytes(rule),
    tooLarge: () => new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(kind, rule)),
  };
}

/** The declared Content-Length, or null when the body is chunked or has none. */
export function declaredLength(req: HonoRequest): number | null {
  const length = req.header("content-length");
  if (length === undefined || req.header("transfer-encoding") !== undefined) return null;
  const n = Number(length);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * Refuses an upload before a byte of it is read: a body that is not application/octet-stream
 * or a declared type the spec does not allow (415), a Content-Length over that type's limit plus
 * the 28 bytes of AES-GCM (413). A body without a length is cut off at the limit by readUpload.
 */
export const uploadLimit = createMiddleware<AppEnv>(async (c, next) => {
  requireOctetStream(c.req);
  const limit = fileLimit(
    parseWith(assetFileKindSchema, c.req.param("kind")),
    c.req.header(DECLARED_TYPE_HEADER) ?? "",
  );
  const length = declaredLength(c.req);
  if (length !== null && length > limit.maxBytes) throw limit.tooLarge();
  await next();
});

/** The upload's body in one Buffer: of exactly its Content-Length, or grown as it streams and refused (413) once it passes the limit. */
export async function readUpload(req: HonoRequest, kind: AssetFileKind): Promise<Buffer> {
  const limit = fileLimit(kind, req.header(DECLARED_TYPE_HEADER) ?? "");
  const length = declaredLength(req);
  const body = new BodyReader(req.raw.body);
  try {
    if (length === null) {
      const data = await body.rest(limit.maxBytes);
      if (!data) throw limit.tooLarge();
      return data;
    }
    const data = await body.exactly(length);
    if (!data || !(await body.isAtEnd()))
      throw new AppError("VALIDATION", ASSET_MSG.uploadIncomplete);
    return data;
  } catch (err) {
    await body.cancel(); // the rest is not read
    throw err;
  }
}

const incomplete = () => new AppError("VALIDATION", ASSET_MSG.uploadIncomplete);

/**
 * The body of PUT /api/assets/:id/files (see updateAssetFilesSchema). Its JSON is read and
 * checked first, then `checkTarget` (the asset is the actor's and takes these kinds), all before
 * a byte of a file is read: 415 for a type the spec does not allow, 413 over its limit. Each file
 * is then read into one Buffer of its size; a body that ends early or runs on is refused.
 */
export async function readFilesBody(
  req: HonoRequest,
  checkTarget: (kinds: AssetFileKind[]) => Promise<void>,
): Promise<{ input: UpdateAssetFilesInput; files: FileParts }> {
  requireOctetStream(req);
  const jsonLength = Number(req.header(ASSET_FILES_JSON_LENGTH_HEADER));
  if (!Number.isSafeInteger(jsonLength) || jsonLength < 2)
    throw new AppError(
      "VALIDATION",
      `${ASSET_FILES_JSON_LENGTH_HEADER} must give the length of the JSON`,
    );
  if (jsonLength > ASSET_JSON_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", REQUEST_MSG.tooLarge(ASSET_JSON_MAX_BYTES));
  const body = new BodyReader(req.raw.body);
  try {
    const json = await body.exactly(jsonLength);
    if (!json) throw incomplete();
    const input = parseWith(updateAssetFilesSchema, parseJsonBytes(json));

    const sent = ASSET_FILE_KINDS.flatMap((kind) => {
      const part = input.files[kind];
      if (!part || "uploadId" in part) return []; // uploaded in chunks before: nothing follows
      const limit = fileLimit(kind, part.contentType);
      if (part.size > limit.maxBytes) throw limit.tooLarge();
      return [{ kind, contentType: limit.rule.type, size: part.size }];
    });
    const length = declaredLength(req);
    if (length !== null && length !== jsonLength + sent.reduce((n, f) => n + f.size, 0))
      throw new AppError("VALIDATION", "Content-Length does not match the files");
    await checkTarget(ASSET_FILE_KINDS.filter((kind) => input.files[kind] !== undefined));

    const files: FileParts = {};
    for (const kind of ASSET_FILE_KINDS) {
      const part = input.files[kind];
      if (part === null) files[kind] = null;
      else if (part && "uploadId" in part) files[kind] = { uploadId: part.uploadId };
    }
    for (const { kind, contentType, size } of sent) {
      const data = await body.exactly(size);
      if (!data) throw incomplete();
      files[kind] = { contentType, data };
    }
    if (!(await body.isAtEnd()))
      throw new AppError("VALIDATION", "The body runs on after its last file");
    return { input, files };
  } catch (err) {
    await body.cancel();
    throw err;
  }
}
