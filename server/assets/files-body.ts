import type { HonoRequest } from "hono";
import {
  ASSET_FILE_KINDS,
  ASSET_FILES_JSON_LENGTH_HEADER,
  ASSET_JSON_MAX_BYTES,
  ASSET_MSG,
  type AssetFileKind,
  type UpdateAssetFilesInput,
  updateAssetFilesSchema,
} from "../../common/assets.js";
import { REQUEST_MSG } from "../../common/request-limits.js";
import { AppError } from "../errors.js";
import { parseJsonBytes } from "../http/body-gate.js";
import { BodyReader } from "../http/body-reader.js";
import { parseWith } from "../http/validate.js";
import { declaredLength, fileLimit, requireOctetStream } from "./upload-limit.js";

/** A file of the body: its type as the vault's rules name it and its ciphertext; null removes the stored one. */
export type FilePart = { contentType: string; data: Buffer } | null;
export type FileParts = Partial<Record<AssetFileKind, FilePart>>;

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
    throw new AppError("VALIDATION", `${ASSET_FILES_JSON_LENGTH_HEADER} must give the length of the JSON`);
  if (jsonLength > ASSET_JSON_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", REQUEST_MSG.tooLarge(ASSET_JSON_MAX_BYTES));
  const body = new BodyReader(req.raw.body);
  try {
    const json = await body.exactly(jsonLength);
    if (!json) throw incomplete();
    const input = parseWith(updateAssetFilesSchema, parseJsonBytes(json));

    const sent = ASSET_FILE_KINDS.flatMap((kind) => {
      const part = input.files[kind];
      if (!part) return [];
      const limit = fileLimit(kind, part.contentType);
      if (part.size > limit.maxBytes) throw limit.tooLarge();
      return [{ kind, contentType: limit.rule.type, size: part.size }];
    });
    const length = declaredLength(req);
    if (length !== null && length !== jsonLength + sent.reduce((n, f) => n + f.size, 0))
      throw new AppError("VALIDATION", "Content-Length does not match the files");
    await checkTarget(ASSET_FILE_KINDS.filter((kind) => input.files[kind] !== undefined));

    const files: FileParts = {};
    for (const kind of ASSET_FILE_KINDS) if (input.files[kind] === null) files[kind] = null;
    for (const { kind, contentType, size } of sent) {
      const data = await body.exactly(size);
      if (!data) throw incomplete();
      files[kind] = { contentType, data };
    }
    if (!(await body.isAtEnd())) throw new AppError("VALIDATION", "The body runs on after its last file");
    return { input, files };
  } catch (err) {
    await body.cancel();
    throw err;
  }
}
