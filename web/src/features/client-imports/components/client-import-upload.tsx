import { CLIENT_IMPORT_MAX_BYTES, CLIENT_IMPORT_MSG } from "@common/client-imports";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { useUploadClientImport } from "../api/upload-client-import";

/** Chooses a CSV file and sends it to be checked; `onChecked` gets the import it made (or found). */
export function ClientImportUpload({ onChecked }: { onChecked: (id: string) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const upload = useUploadClientImport();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!file || !/\.csv$/i.test(file.name)) return setError(CLIENT_IMPORT_MSG.notCsv);
    if (file.size > CLIENT_IMPORT_MAX_BYTES) return setError(CLIENT_IMPORT_MSG.tooLarge);
    try {
      const detail = await upload.mutateAsync({ fileName: file.name, csv: await file.text() });
      onChecked(detail.import.id);
    } catch (err) {
      setError(errorMessage(err, CLIENT_IMPORT_MSG.loadFailed));
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3" noValidate>
      <div className="grid gap-1">
        <Label htmlFor={inputId}>{CLIENT_IMPORT_MSG.chooseFile}</Label>
        <Input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" className="justify-self-start" disabled={upload.isPending}>
        {upload.isPending ? CLIENT_IMPORT_MSG.uploading : CLIENT_IMPORT_MSG.upload}
      </Button>
    </form>
  );
}
