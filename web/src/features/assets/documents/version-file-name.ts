import { DOCUMENT_FILE_TYPES, essenceOf } from "@common/assets/files";
import { isoDay } from "@/lib/format";
import { titleFromFileName } from "../check-file";

/**
 * The name an earlier version downloads under: only the current file's name is kept (in the
 * encrypted content), so "Will (2026-11-20).pdf" from it, the version's day and its own type.
 */
export function versionFileName(
  currentName: string,
  version: { contentType: string; createdAt: string },
) {
  const ext = DOCUMENT_FILE_TYPES.find((r) => r.type === essenceOf(version.contentType))
    ?.extensions[0];
  const stem = titleFromFileName(currentName) || "document";
  return `${stem} (${isoDay(new Date(version.createdAt))})${ext ? `.${ext}` : ""}`;
}
