import {
  ESTATE_CATEGORIES,
  ESTATE_IMPORT_MAX_BYTES,
  ESTATE_IMPORT_MAX_ROWS,
  ESTATE_MSG,
} from "@common/assets/estate";
import { EstateCsvError, readEstateCsv, type EstateCsvResult } from "@common/assets/estate-csv";
import { useState } from "react";
import { Link } from "react-router";
import { linkLook } from "@/components/looks";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Progress } from "@/components/ui/progress";
import { formatCount } from "@/lib/format";
import { FileDropZone } from "../../components/file-drop-zone";
import { saveBlob } from "../../save-blob";
import { exampleEstateCsv } from "../example-csv";
import { useImportEstate } from "../use-import-estate";

type Read = { fileName: string; result: EstateCsvResult };

async function readFile(file: File): Promise<Read> {
  if (file.size > ESTATE_IMPORT_MAX_BYTES) throw new EstateCsvError(ESTATE_MSG.importTooLarge);
  let text: string;
  try {
    text = await file.text();
  } catch {
    throw new EstateCsvError(ESTATE_MSG.importUnreadable);
  }
  return { fileName: file.name, result: readEstateCsv(text) };
}

const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * The estate inventory's CSV import: a file is read here, in the browser; a preview says how
 * many entries of each kind it holds and names each row that cannot be imported, and why; nothing
 * is saved until the person confirms. Then each entry is sealed and saved like one added by hand.
 */
export function EstateImport() {
  const [read, setRead] = useState<Read | null>(null);
  const [fileError, setFileError] = useState<string>();
  const { run, start } = useImportEstate();

  const onFile = async (file: File) => {
    setFileError(undefined);
    setRead(null);
    try {
      setRead(await readFile(file));
    } catch (err) {
      setFileError(err instanceof EstateCsvError ? err.message : ESTATE_MSG.importUnreadable);
    }
  };

  if (run.isRunning || run.isFinished)
    return (
      <div className="grid gap-4" aria-live="polite">
        <p className="font-medium">
          {run.isFinished
            ? `Saved ${plural(run.total - run.failures.length, "entry", "entries")}.`
            : `Encrypting and saving: ${formatCount(run.done)} of ${formatCount(run.total)}`}
        </p>
        <Progress value={run.total ? (run.done / run.total) * 100 : 0} aria-label="Saved so far" />
        {run.failures.length > 0 && (
          <Alert variant="destructive">
            <AlertDescription>
              <p>{ESTATE_MSG.importFailed}:</p>
              <ul className="list-disc pl-5">
                {run.failures.map((f) => (
                  <li key={f.row}>
                    Row {f.row}, “{f.title}”: {f.message}
                  </li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        )}
        {run.isFinished && (
          <Button asChild className="justify-self-start">
            <Link to="/estate">Go to the inventory</Link>
          </Button>
        )}
      </div>
    );

  const counts = read
    ? Object.entries(ESTATE_CATEGORIES)
        .map(([id, label]) => ({
          label,
          n: read.result.entries.filter((e) => e.content.category === id).length,
        }))
        .filter((c) => c.n > 0)
    : [];
  return (
    <div className="grid gap-5">
      <div className="grid gap-2 text-sm">
        <p>
          Choose a CSV file saved from a spreadsheet. Its first row names the columns: Name and
          Category are needed; Organisation, Reference, Contact, What should happen and Instructions
          may follow, in any order. At most {formatCount(ESTATE_IMPORT_MAX_ROWS)} entries at a time.
        </p>
        <p>
          <button
            type="button"
            className={linkLook}
            onClick={() =>
              saveBlob(
                new Blob([exampleEstateCsv()], { type: "text/csv" }),
                "estate-inventory-example.csv",
              )
            }
          >
            Download an example file
          </button>
        </p>
      </div>
      <FormField label="CSV file" error={fileError}>
        <FileDropZone accept=".csv,text/csv" onFile={(f) => void onFile(f)} />
      </FormField>
      {read && (
        <section aria-labelledby="estate-import-preview" className="grid gap-3">
          <h2 id="estate-import-preview" className="text-base font-semibold">
            {read.fileName}
          </h2>
          <p role="status">
            {plural(read.result.entries.length, "entry", "entries")} ready to import
            {read.result.problems.length > 0 &&
              `; ${plural(read.result.problems.length, "row", "rows")} cannot be imported`}
            .
          </p>
          {counts.length > 0 && (
            <ul className="grid gap-1 text-sm">
              {counts.map((c) => (
                <li key={c.label}>
                  {c.label}: {formatCount(c.n)}
                </li>
              ))}
            </ul>
          )}
          {read.result.problems.length > 0 && (
            <Alert variant="warning">
              <AlertDescription>
                <p>These rows will be left out. Correct them in the file and import it again:</p>
                <ul className="list-disc pl-5">
                  {read.result.problems.map((p) => (
                    <li key={p.row}>
                      Row {p.row}: {p.message}
                    </li>
                  ))}
                </ul>
              </AlertDescription>
            </Alert>
          )}
          <p className="text-sm text-muted-foreground">
            Nothing is saved until you confirm. Imported entries are left to nobody: choose who each
            is left to by editing it.
          </p>
          <Button
            type="button"
            className="justify-self-start"
            disabled={read.result.entries.length === 0}
            onClick={() => void start(read.result.entries)}
          >
            Import {plural(read.result.entries.length, "entry", "entries")}
          </Button>
        </section>
      )}
    </div>
  );
}
