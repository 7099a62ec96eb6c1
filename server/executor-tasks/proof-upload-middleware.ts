import type { HonoRequest } from "hono";
import { GCM_OVERHEAD_BYTES } from "../../common/ciphertext.js";
import { TASK_PROOF_MAX_BYTES, TASKS_MSG } from "../../common/executor-tasks.js";
import { ASSET_MSG } from "../../common/assets.js";
import { AppError } from "../errors.js";
import { BodyReader } from "../http/body-reader.js";
import { declaredLength, requireOctetStream } from "../assets/upload-middleware.js";

/** A sealed proof at most: the plaintext limit plus AES-GCM's IV and tag. */
const MAX_CIPHERTEXT = TASK_PROOF_MAX_BYTES + GCM_OVERHEAD_BYTES;
const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", TASKS_MSG.proofTooLarge);

/**
 * The proof's ciphertext in one Buffer: application/octet-stream only (415), refused by its
 * declared length before a byte is read (413) or cut off at the limit as it streams; a body that
 * ends early or runs on is refused (400), so nothing partial is ever stored.
 */
export async function readProof(req: HonoRequest): Promise<Buffer> {
  requireOctetStream(req);
  const length = declaredLength(req);
  if (length !== null && length > MAX_CIPHERTEXT) throw tooLarge();
  const body = new BodyReader(req.raw.body);
  try {
    const data = length === null ? await body.rest(MAX_CIPHERTEXT) : await body.exactly(length);
    if (!data)
      throw length === null ? tooLarge() : new AppError("VALIDATION", ASSET_MSG.uploadIncomplete);
    if (length !== null && !(await body.isAtEnd()))
      throw new AppError("VALIDATION", ASSET_MSG.uploadIncomplete);
    if (data.length < GCM_OVERHEAD_BYTES)
      throw new AppError("VALIDATION", ASSET_MSG.uploadIncomplete);
    return data;
  } catch (err) {
    await body.cancel();
    throw err;
  }
}
