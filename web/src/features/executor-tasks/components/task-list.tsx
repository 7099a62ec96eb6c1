import {
  TASK_ACTIONS,
  TASK_STATUS_IDS,
  TASK_STATUSES,
  type ExecutorEstateView,
  type TaskStatus,
} from "@common/executor-tasks";
import { ExternalLink } from "lucide-react";
import { useId, useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { linkLook } from "@/components/looks";
import { formatCount, formatDay } from "@/lib/format";
import { cn } from "@/lib/utils";
import { subjectOf, type TaskSubject } from "../task-titles";
import type { OpenedWorkspace } from "../use-workspace";
import { TaskEditor } from "./task-editor";
import { TaskProofs } from "./task-proofs";

type Task = ExecutorEstateView["tasks"][number];

const STATUS_LOOK: Record<TaskStatus, string> = {
  todo: "border-border",
  in_progress: "border-warning-border bg-warning-surface text-warning-text",
  done: "border-success-border bg-success-surface text-success-text",
  not_needed: "border-border text-muted-foreground",
};

function PlatformSteps({ subject }: { subject: TaskSubject }) {
  if (subject.kind !== "playbook" || !subject.platform) return null;
  const p = subject.platform;
  return (
    <div className="grid gap-2 text-sm">
      <h3 className="font-medium">What to do at {p.name}</h3>
      <ol className="ml-5 list-decimal space-y-1">
        {p.executorSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <a
        href={p.executorUrl}
        target="_blank"
        rel="noreferrer noopener"
        className={cn(linkLook, "inline-flex w-fit items-center gap-1")}
      >
        {p.name}&apos;s request page
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}

function TaskRow({
  task,
  subject,
  ws,
  isOpen,
  onToggle,
}: {
  task: Task;
  subject: TaskSubject;
  ws: OpenedWorkspace | undefined;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const panelId = useId();
  return (
    <li className="grid gap-3 py-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p className="font-medium wrap-anywhere">{subject.title}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="text-foreground">{TASK_ACTIONS[task.action]}</span>
            <span className={cn("rounded-full border px-2 text-xs", STATUS_LOOK[task.status])}>
              {TASK_STATUSES[task.status]}
            </span>
            <span>{task.dueDate ? `Due ${formatDay(task.dueDate)}` : "No due date"}</span>
            {task.assigneeEmail && (
              <span className="wrap-anywhere">Assigned to {task.assigneeEmail}</span>
            )}
            {task.note && <span>Has a note</span>}
            {task.proofs.length > 0 && <span>{formatCount(task.proofs.length, "proof")}</span>}
          </p>
        </div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-expanded={isOpen}
          aria-controls={panelId}
          aria-label={`${isOpen ? "Close" : "Open"} the task: ${subject.title}`}
          onClick={onToggle}
        >
          {isOpen ? "Close" : "Open"}
        </Button>
      </div>
      {isOpen && (
        <div id={panelId} className="grid gap-4 rounded-md border border-border p-3 sm:p-4">
          <PlatformSteps subject={subject} />
          <TaskEditor task={task} ws={ws} onSaved={onToggle} />
          {ws && <TaskProofs task={task} ws={ws} />}
        </div>
      )}
    </li>
  );
}

/**
 * The executor's tasks, filtered by status, each opened in place to change its status, due date,
 * assignee, note and proofs. One row open at a time.
 */
export function TaskList({
  estate,
  entries,
  ws,
}: {
  estate: ExecutorEstateView;
  entries: ReadonlyMap<string, string>;
  ws: OpenedWorkspace | undefined;
}) {
  const [shown, setShown] = useState<TaskStatus | "all">("all");
  const [openId, setOpenId] = useState<string | null>(null);
  const tasks = shown === "all" ? estate.tasks : estate.tasks.filter((t) => t.status === shown);
  return (
    <div className="grid gap-2">
      <div className="max-w-xs">
        <FormField label="Show">
          <NativeSelect
            value={shown}
            onChange={(e) => setShown(e.target.value as TaskStatus | "all")}
          >
            <option value="all">Every task ({estate.tasks.length})</option>
            {TASK_STATUS_IDS.map((s) => (
              <option key={s} value={s}>
                {TASK_STATUSES[s]} ({estate.counts[s]})
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {tasks.length === 0 ? (
        <p className="py-3 text-muted-foreground">No task has this status.</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Tasks">
          {tasks.map((t) => (
            <TaskRow
              key={t.id}
              task={t}
              subject={subjectOf(t, entries, ws?.platformOf)}
              ws={ws}
              isOpen={openId === t.id}
              onToggle={() => setOpenId(openId === t.id ? null : t.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
