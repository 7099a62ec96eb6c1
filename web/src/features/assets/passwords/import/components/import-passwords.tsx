import { IMPORT_MSG } from "@common/import";
import { useMemo, useRef, useState } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { checkImportRows, initiallySelected } from "../check-import-rows";
import { useImportPasswords } from "../use-import-passwords";
import { useVaultLogins } from "../use-vault-logins";
import { ImportFileField, type ReadFile } from "./import-file-field";
import { ImportPreview } from "./import-preview";
import { ImportProgress } from "./import-progress";

/**
 * /vault/import: choose an export → preview what it holds (duplicates flagged, rows over a limit
 * refused, each row can be unticked) with one beneficiary for all → "Import N passwords" saves the
 * ticked rows one by one, encrypted in the browser, with progress and a summary. Nothing is saved
 * before that confirmation; leaving with a file read asks first.
 */
export function ImportPasswords() {
  const vault = useVaultLogins();
  const [file, setFile] = useState<ReadFile | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [beneficiaryEmails, setBeneficiaryEmails] = useState<string[]>([]);
  const { run, start, reset } = useImportPasswords();
  const previewRef = useRef<HTMLHeadingElement>(null);
  useWarnOnLeave(!!file && !run.isFinished);

  const rows = useMemo(
    () => (file ? checkImportRows(file.candidates, vault.logins) : []),
    [file, vault.logins],
  );

  const onRead = (read: ReadFile) => {
    setFile(read);
    setSelected(initiallySelected(checkImportRows(read.candidates, [])));
    // The preview replaces the file field: focus goes to its heading.
    requestAnimationFrame(() => previewRef.current?.focus());
  };
  const chooseAnother = () => {
    setFile(null);
    reset();
  };

  return (
    <Card>
      <CardContent className="grid gap-5 pt-6">
        {run.total > 0 ? (
          <ImportProgress run={run} onAgain={chooseAnother} />
        ) : file ? (
          <ImportPreview
            file={file}
            rows={rows}
            selected={selected}
            onToggle={(index, isSelected) =>
              setSelected((s) => {
                const next = new Set(s);
                if (isSelected) next.add(index);
                else next.delete(index);
                return next;
              })
            }
            vault={vault}
            beneficiaryEmails={beneficiaryEmails}
            onBeneficiaryChange={setBeneficiaryEmails}
            headingRef={previewRef}
            onCancel={chooseAnother}
            onImport={(email) =>
              void start(
                rows.filter((r) => selected.has(r.index)),
                email,
              )
            }
          />
        ) : (
          <>
            <p className="text-sm text-foreground-soft">
              Export your passwords from your password manager or browser, then choose the file
              here. It is read in this browser; each password is encrypted here before it is saved.{" "}
              {IMPORT_MSG.nothingSavedYet}
            </p>
            <ImportFileField onRead={onRead} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
