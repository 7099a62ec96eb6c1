import { ARCHIVE_MSG, EXPORT_FILES } from "@common/export";
import { IMPORT_MSG } from "@common/import";
import { unzipSync } from "fflate";
import { ArchiveError, openVaultArchive } from "@/lib/crypto/vault-archive";
import { archiveKindOf } from "./archive-kind";
import { ImportFileError, readImportFile, type ImportFile } from "./read-import-file";

/** A wrong password: the form keeps the file and asks again. */
export class ArchivePasswordError extends ImportFileError {}

/**
 * The passwords of our own export, from its ZIP or its encrypted archive (.lvault, decision 055):
 * the archive is opened with `password` here in the browser, and only passwords.json is inflated;
 * it is then read as the plain passwords.json is. A wrong password (or a changed byte) throws
 * ArchivePasswordError; anything that is not our export throws ImportFileError.
 */
export async function readImportArchive(bytes: Uint8Array, password: string): Promise<ImportFile> {
  let zip: Uint8Array = bytes;
  if (archiveKindOf(bytes) === "encrypted") {
    try {
      zip = await openVaultArchive(bytes, password);
    } catch (err) {
      if (!(err instanceof ArchiveError)) throw err;
      if (err.reason === "wrongPassword") throw new ArchivePasswordError(err.message);
      throw new ImportFileError(err.message);
    }
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, { filter: (f) => f.name === EXPORT_FILES.passwordsJson });
  } catch {
    throw new ImportFileError(IMPORT_MSG.notRecognised);
  }
  const json = entries[EXPORT_FILES.passwordsJson];
  if (!json) throw new ImportFileError(ARCHIVE_MSG.noPasswords);
  return readImportFile(new TextDecoder().decode(json));
}
