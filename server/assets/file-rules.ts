import {
  type AssetFileKind,
  fileTypeRule,
  type FileTypeRule,
  unsupportedFileTypeMessage,
} from "../../common/assets/files.js";
import { GCM_OVERHEAD_BYTES } from "../../common/ciphertext.js";
import { AppError } from "../errors.js";

/** The rule for a declared plaintext type, or 415 with the spec's list of allowed types. */
export function requireFileTypeRule(kind: AssetFileKind, declaredType: string): FileTypeRule {
  const rule = fileTypeRule(kind, declaredType);
  if (!rule) throw new AppError("UNSUPPORTED_MEDIA_TYPE", unsupportedFileTypeMessage(kind));
  return rule;
}

/** The largest ciphertext accepted for a plaintext of this type: its limit plus IV and tag. */
export const maxCiphertextBytes = (rule: FileTypeRule) => rule.maxBytes + GCM_OVERHEAD_BYTES;
