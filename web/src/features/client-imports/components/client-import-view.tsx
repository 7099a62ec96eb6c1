import {
  CLIENT_IMPORT_MSG,
  CLIENT_IMPORT_PROBLEM_LABELS,
  CLIENT_IMPORT_PROBLEMS,
  type ClientImportDetail,
} from "@common/client-imports";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { useStartClientImport } from "../api/start-client-import";

/**
 * One import: the preview (how many rows will be invited, each problem row named with its line),
 * "Send", then the progress bar, which the server keeps (a reload or a restart shows it again).
 */
export function ClientImportView({ detail }: { detail: ClientImportDetail }) {
  const start = useStartClientImport();
  const { import: imp, problems } = detail;
  const problemTotal = imp.totalRows - imp.readyRows;
  const percent = imp.readyRows ? Math.round((imp.processedRows / imp.readyRows) * 100) : 100;
  return (
    <section aria-labelledby="client-import-file" className="grid gap-4">
      <h2 id="client-import-file" className="text-base font-semibold break-all">
        {imp.fileName}
      </h2>
      {detail.isSameFile && <p className="text-sm">{CLIENT_IMPORT_MSG.sameFile}</p>}
      <p role="status">
        {formatCount(imp.totalRows, "row")}: {formatCount(imp.readyRows)}{" "}
        {CLIENT_IMPORT_MSG.willInvite.toLowerCase()}
        {problemTotal > 0 && `, ${formatCount(problemTotal)} left out`}.
      </p>
      {problemTotal > 0 && (
        <ul className="grid gap-1 text-sm">
          {CLIENT_IMPORT_PROBLEMS.filter((p) => imp.problemCounts[p]).map((p) => (
            <li key={p}>
              {CLIENT_IMPORT_PROBLEM_LABELS[p]}: {formatCount(imp.problemCounts[p] ?? 0)}
            </li>
          ))}
        </ul>
      )}
      {imp.status === "previewed" ? (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">{CLIENT_IMPORT_MSG.everyoneInvitedAlike}</p>
          {start.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(start.error, CLIENT_IMPORT_MSG.startFailed)}
            </p>
          )}
          {imp.readyRows > 0 ? (
            <Button
              type="button"
              className="justify-self-start"
              disabled={start.isPending}
              onClick={() => start.mutate(imp.id)}
            >
              {CLIENT_IMPORT_MSG.send(imp.readyRows)}
            </Button>
          ) : (
            <p>{CLIENT_IMPORT_MSG.nothingToSend}</p>
          )}
        </div>
      ) : (
        <div className="grid gap-2" aria-live="polite">
          <p className="font-medium">
            {imp.status === "done"
              ? CLIENT_IMPORT_MSG.done(imp.invitedRows)
              : `${CLIENT_IMPORT_MSG.sending} ${formatCount(imp.processedRows)} of ${formatCount(imp.readyRows)}`}
          </p>
          <Progress value={percent} aria-label="Invitations queued" />
        </div>
      )}
      {problems.length > 0 && (
        <Alert variant="warning">
          <AlertDescription>
            <p>These rows are left out. Correct them in the file and upload it again:</p>
            <ul className="mt-2 grid gap-1">
              {problems.map((p) => (
                <li key={p.line} className="break-words">
                  Line {p.line}
                  {p.name && `, ${p.name}`}
                  {p.email && ` <${p.email}>`}: {CLIENT_IMPORT_PROBLEM_LABELS[p.problem]}
                  {p.duplicateOf !== null && ` (line ${p.duplicateOf})`}
                </li>
              ))}
            </ul>
            {problems.length < problemTotal && (
              <p className="mt-2">And {formatCount(problemTotal - problems.length)} more.</p>
            )}
          </AlertDescription>
        </Alert>
      )}
    </section>
  );
}
