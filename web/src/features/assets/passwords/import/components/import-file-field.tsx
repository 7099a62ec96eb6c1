import { IMPORT_ARCHIVE_MAX_BYTES, IMPORT_MAX_BYTES, IMPORT_MSG } from "@common/import";
import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { FileDropZone } from "../../../components/file-drop-zone";
import { ArchivePasswordForm } from "./archive-password-form";
import { archiveKindOf } from "../archive-kind";
import { ImportFileError, readImportFile, type ImportFile } from "../read-import-file";

export type ReadFile = ImportFile & { fileName: string };
type Archive = { fileName: string; bytes: Uint8Array };

/** Loaded only when an archive is chosen: fflate and the archive code stay out of the screen's first load. */
const loadArchiveReader = () => import("../read-import-archive");

/**
 * The export to import: dropped or chosen, read and parsed here in the browser (nothing is sent).
 * Our own ZIP export is read for its passwords.json; an encrypted archive (.lvault, decision 055)
 * first asks for its password. A file that is too large, unreadable or of no known shape gets
 * its message under the field.
 */
export function ImportFileField({ onRead }: { onRead: (file: ReadFile) => void }) {
  const [error, setError] = useState<string>();
  const [isReading, setIsReading] = useState(false);
  const [archive, setArchive] = useState<Archive | null>(null);

  /** Reads an archive; a wrong password's message is handed back for the password field. */
  const openArchive = async ({ fileName, bytes }: Archive, password: string) => {
    const { ArchivePasswordError, readImportArchive } = await loadArchiveReader();
    try {
      onRead({ ...(await readImportArchive(bytes, password)), fileName });
    } catch (err) {
      if (err instanceof ArchivePasswordError) return err.message;
      setArchive(null);
      setError(err instanceof ImportFileError ? err.message : IMPORT_MSG.unreadable);
    }
  };

  const onFile = async (file: File) => {
    setError(undefined);
    setIsReading(true);
    try {
      const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
      const kind = archiveKindOf(head);
      if (kind) {
        if (file.size > IMPORT_ARCHIVE_MAX_BYTES) return setError(IMPORT_MSG.archiveTooLarge);
        const read = { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
        if (kind === "encrypted") return setArchive(read);
        return void (await openArchive(read, ""));
      }
      if (file.size > IMPORT_MAX_BYTES) return setError(IMPORT_MSG.tooLarge);
      onRead({ ...readImportFile(await file.text()), fileName: file.name });
    } catch (err) {
      setError(err instanceof ImportFileError ? err.message : IMPORT_MSG.unreadable);
    } finally {
      setIsReading(false);
    }
  };

  if (archive)
    return (
      <ArchivePasswordForm
        fileName={archive.fileName}
        onOpen={(password) => openArchive(archive, password)}
        onCancel={() => setArchive(null)}
      />
    );
  return (
    <FormField
      label="Export file"
      error={error}
      hint="A CSV or JSON export from Bitwarden, 1Password, Chrome, Edge, Firefox or Legacy Vault (up to 5MB), or a Legacy Vault export as ZIP or encrypted archive (.lvault)."
    >
      <FileDropZone
        accept=".csv,.json,.zip,.lvault,text/csv,application/json,application/zip"
        onFile={(f) => void onFile(f)}
        disabled={isReading}
        prompt={isReading ? "Reading the file..." : "Drag and drop the export here, or choose it"}
      />
    </FormField>
  );
}
