import { REPORT_DOCUMENT_MAX_BYTES } from "@common/verifier-reports";
import { sniffFile } from "@/lib/crypto/sniff-file";

export const DOCUMENT_RULE = "A PDF, JPG or PNG file, at most 10 MB.";

/** Why this file cannot be the report's document (by its first bytes and size), or null. */
export async function documentProblem(file: File): Promise<string | null> {
  if (file.size > REPORT_DOCUMENT_MAX_BYTES) return "The document must be at most 10 MB";
  const type = await sniffFile(file);
  return type === "pdf" || type === "png" || type === "jpeg"
    ? null
    : "The document must be a PDF, JPG or PNG file";
}
