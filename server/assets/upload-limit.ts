import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { VAULT_MSG, fileTooLargeMessage } from "../../common/vault-messages.js";
import { assetFileKindSchema } from "../../common/vault-schemas.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { parseWith } from "../http/validate.js";
import { maxCiphertextBytes, requireFileTypeRule } from "./files.js";

/** The plaintext's type travels in this header; the body is the ciphertext. */
export const DECLARED_TYPE_HEADER = "x-content-type";

/**
 * Refuses an upload before a byte of it is read: a declared type the spec does not allow (415),
 * a Content-Length over that type's limit plus the 28 bytes of AES-GCM (413); a body without a
 * length is counted as it streams and cut off at the limit.
 */
export const uploadLimit = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/octet-stream") {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", VAULT_MSG.uploadNotOctetStream);
  }
  const kind = parseWith(assetFileKindSchema, c.req.param("kind"));
  const rule = requireFileTypeRule(kind, c.req.header(DECLARED_TYPE_HEADER) ?? "");
  const limit = bodyLimit({
    maxSize: maxCiphertextBytes(rule),
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(kind, rule));
    },
  });
  return limit(c, next);
});
