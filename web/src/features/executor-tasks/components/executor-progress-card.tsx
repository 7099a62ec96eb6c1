import { TASK_STATUSES, TASK_STATUS_IDS } from "@common/executor-tasks";
import { ListChecks } from "lucide-react";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { useExecutorProgress } from "../api/get-executor-progress";

/**
 * On a client's page after a release: how far the executor has got, counted per status. The firm
 * sees progress, never content (decision 099); nothing before the executor has made tasks.
 */
export function ExecutorProgressCard({ clientId }: { clientId: string }) {
  const { data } = useExecutorProgress(clientId);
  if (!data?.hasTasks) return null;
  const total = TASK_STATUS_IDS.reduce((n, s) => n + data.counts[s], 0);
  const finished = data.counts.done + data.counts.not_needed;
  return (
    <Card role="region" aria-labelledby="executor-progress-heading">
      <CardHeader className="pb-2">
        <CardHeading id="executor-progress-heading" icon={ListChecks}>
          Executor&apos;s progress
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p data-testid="executor-progress-summary">
          {finished} of {total} {total === 1 ? "task" : "tasks"} finished.
        </p>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {TASK_STATUS_IDS.map((s) => (
            <div key={s} className="rounded-md border border-border p-3">
              <dt className="text-sm text-muted-foreground">{TASK_STATUSES[s]}</dt>
              <dd className="text-lg font-semibold">{data.counts[s]}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted-foreground">
          The tasks&apos; notes and proofs are encrypted for the executor: your firm sees only these
          counts.
        </p>
      </CardContent>
    </Card>
  );
}
