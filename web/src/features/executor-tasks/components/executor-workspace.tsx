import { TASK_STATUS_IDS, type ExecutorEstateView } from "@common/executor-tasks";
import { ListChecks } from "lucide-react";
import { useEffect, type Ref } from "react";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { subjectOf } from "../task-titles";
import { useWorkspace, type AccessKeys } from "../use-workspace";
import { needsAccessKey, workspaceKeyIdOf, WrongWorkspaceKeyError } from "../workspace-key";
import { MakeTasks, type OpenedEntryFacts } from "./make-tasks";
import { TaskList } from "./task-list";
import { TaskTimeline } from "./task-timeline";
import { WorkspaceKeyForm } from "./workspace-key-form";

/** Where the workspace's back link goes: the portal's list. */
const BACK = { to: "/legacy", label: "Back" };

/** Why the workspace key is not open, in words, or null when it is (or is opening). */
function KeyNotice({ estate }: { estate: ExecutorEstateView }) {
  const { state } = estate.workspaceKey;
  if (state === "not-shared")
    return (
      <Alert>
        <AlertTitle>Another executor keeps the notes and proofs</AlertTitle>
        <AlertDescription>
          Another of {estate.ownerName}&apos;s executors opened this workspace first, and its key is
          not shared with you yet. You can follow and change each task&apos;s status, due date and
          assignee; its notes and proofs stay closed to you.
        </AlertDescription>
      </Alert>
    );
  if (state === "unavailable")
    return (
      <Alert>
        <AlertTitle>Notes and proofs cannot be kept here</AlertTitle>
        <AlertDescription>
          {estate.ownerName} gave you no access key, so nothing can be sealed for you. You can still
          follow and change each task&apos;s status, due date and assignee.
        </AlertDescription>
      </Alert>
    );
  return null;
}

/**
 * The executor's workspace after a release (/legacy?tasks={owner id}, decision 099): the workspace
 * key opened with their access key, the list made from the inventory and the playbook, each task's
 * status, due date, assignee, sealed note and proofs, and what changed. The family sees progress
 * only; the firm counts.
 */
export function ExecutorWorkspace({
  estate,
  entries,
  openEntry,
  keys,
  titleRef,
}: {
  estate: ExecutorEstateView;
  /** The estate's inventory entries left to this person: id -> opened title. */
  entries: ReadonlyMap<string, string>;
  openEntry: (id: string) => Promise<OpenedEntryFacts>;
  keys: AccessKeys;
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  const ws = useWorkspace(estate, keys);
  const keyId = workspaceKeyIdOf(estate.workspaceKey);
  const isWrongKey = ws.error instanceof WrongWorkspaceKeyError;
  const { forget } = keys;
  // a key that does not open the workspace is forgotten, and asked for again
  useEffect(() => {
    if (isWrongKey && keyId) forget(keyId);
  }, [isWrongKey, keyId, forget]);

  const finished = estate.counts.done + estate.counts.not_needed;
  const total = TASK_STATUS_IDS.reduce((n, s) => n + estate.counts[s], 0);
  const asksForKey =
    keyId !== null && (isWrongKey || needsAccessKey(estate.workspaceKey, keys.get(keyId)));
  const titleOf = (taskId: string) => {
    const task = estate.tasks.find((t) => t.id === taskId);
    return task ? subjectOf(task, entries, ws.data?.platformOf).title : "A task removed since";
  };

  return (
    <>
      <PageHeader
        title={`${estate.ownerName}'s estate: your tasks`}
        titleRef={titleRef}
        back={BACK}
        description={
          <>
            You are {estate.ownerName}&apos;s executor. Work through what needs doing, one task at a
            time. Notes and proofs are sealed in this browser with your access key: nobody else can
            read them. The family sees each task&apos;s progress, and the law firm only how many are
            done.
            <span className="mt-1 block">
              Open until <time dateTime={estate.openUntil}>{formatDate(estate.openUntil)}</time>,
              when access to what {estate.ownerName} left ends.
            </span>
          </>
        }
      />
      <KeyNotice estate={estate} />
      {asksForKey && keyId ? (
        <WorkspaceKeyForm
          keyId={keyId}
          ownerName={estate.ownerName}
          keys={keys}
          isWrongKey={isWrongKey}
        />
      ) : ws.error ? (
        <LoadError onRetry={() => void ws.refetch()}>
          {ws.error instanceof DecryptError
            ? "The workspace key was changed and cannot be opened."
            : errorMessage(ws.error, "The workspace could not be opened. Please try again.")}
        </LoadError>
      ) : ws.isFetching && !ws.data ? (
        <p role="status">Opening your workspace…</p>
      ) : ws.data ? (
        <MakeTasks
          estate={estate}
          ws={ws.data}
          entryIds={[...entries.keys()]}
          openEntry={openEntry}
        />
      ) : null}
      <Card role="region" aria-labelledby="executor-tasks-heading">
        <CardHeader className="pb-2">
          <CardHeading id="executor-tasks-heading" icon={ListChecks}>
            Tasks
          </CardHeading>
        </CardHeader>
        <CardContent className="grid gap-3">
          {total === 0 ? (
            <p className="text-muted-foreground">
              No tasks yet. Make the list above from the inventory and the online accounts.
            </p>
          ) : (
            <>
              <p>
                {finished} of {total} {total === 1 ? "task" : "tasks"} finished.
              </p>
              <TaskList estate={estate} entries={entries} ws={ws.data} />
            </>
          )}
        </CardContent>
      </Card>
      {total > 0 && <TaskTimeline ownerId={estate.ownerId} titleOf={titleOf} />}
    </>
  );
}
