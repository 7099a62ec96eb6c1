import { IMPORT_MSG } from "@common/import";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format";
import { TransferProgress } from "../../../components/transfer-progress";
import type { ImportRun } from "../use-import-passwords";

/**
 * The import under way (n / total, a progress bar with its value for screen readers), then its
 * summary: how many were saved, and each one that was not, with the reason.
 */
export function ImportProgress({ run, onAgain }: { run: ImportRun; onAgain: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (run.isFinished) headingRef.current?.focus();
  }, [run.isFinished]);
  const saved = run.outcomes.filter((o) => o.id);
  const failed = run.outcomes.filter((o) => o.error !== null);

  return (
    <>
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {run.isFinished ? "Import finished" : "Importing passwords"}
      </h2>
      <TransferProgress
        transfer={{
          label: `Import progress: ${formatCount(run.done)} / ${formatCount(run.total)}`,
          fraction: run.total ? run.done / run.total : 0,
        }}
      />
      {run.isFinished && (
        <>
          <Alert variant="success">
            <AlertDescription>
              {formatCount(saved.length, "password")} imported
              {failed.length > 0 ? `, ${formatCount(failed.length)} not imported.` : "."}
            </AlertDescription>
          </Alert>
          {failed.length > 0 && (
            <Alert variant="destructive">
              <AlertTitle>{IMPORT_MSG.importFailed}</AlertTitle>
              <AlertDescription>
                <ul className="grid list-disc gap-1 pl-5">
                  {failed.map(({ row, error }) => (
                    <li key={row.index} className="wrap-anywhere">
                      {row.candidate.title || `Row ${row.index + 1}`}: {error}
                    </li>
                  ))}
                </ul>
              </AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/vault">Go to Password Vault</Link>
            </Button>
            <Button type="button" variant="outline" onClick={onAgain}>
              Import another file
            </Button>
          </div>
        </>
      )}
    </>
  );
}
