import {
  taskActionForEntry,
  taskActionForPlatform,
  TASKS_MAX,
  TASKS_MSG,
  type ExecutorEstateView,
  type GenerateTasksInput,
} from "@common/executor-tasks";
import type { EstateAction, EstateCategory } from "@common/assets/estate";
import { PLAYBOOK } from "@common/playbook";
import { useQueryClient } from "@tanstack/react-query";
import { ListPlus } from "lucide-react";
import { useState } from "react";
import { RoleCheckbox } from "@/components/role-checkbox";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { toast } from "@/lib/toast";
import { generateTasks } from "../api/generate-tasks";
import { tasksQueryKey } from "../api/list-tasks";
import type { OpenedWorkspace } from "../use-workspace";
import { playbookSourceId } from "../workspace-key";

/** What an opened inventory entry says about itself: enough to choose its task. */
export type OpenedEntryFacts = { category: EstateCategory | null; action: EstateAction | null };

/** Entries opened at once while the list is made (each is a request and a decryption). */
const OPEN_AT_ONCE = 6;

/**
 * "Make the task list" (decision 099): one task for each inventory entry left to the executor that
 * has none yet (its action from the entry's outcome and kind, read here after opening it), and one
 * for each platform the executor ticks, under its sealed reference. One request for all of them.
 */
export function MakeTasks({
  estate,
  ws,
  entryIds,
  openEntry,
}: {
  estate: ExecutorEstateView;
  ws: OpenedWorkspace;
  /** The inventory entries of this estate left to the executor. */
  entryIds: string[];
  openEntry: (id: string) => Promise<OpenedEntryFacts>;
}) {
  const qc = useQueryClient();
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failure, setFailure] = useState<string>();

  const tasked = new Set(estate.tasks.map((t) => t.source.id));
  const newEntries = entryIds.filter((id) => !tasked.has(id));
  const taskedPlatforms = new Set(
    [...ws.platformOf].filter(([sourceId]) => tasked.has(sourceId)).map(([, id]) => id),
  );
  const platforms = PLAYBOOK.filter((p) => !taskedPlatforms.has(p.id));
  const count = newEntries.length + ticked.size;
  if (newEntries.length === 0 && platforms.length === 0) return null;

  const make = async () => {
    setFailure(undefined);
    if (estate.tasks.length + count > TASKS_MAX) return setFailure(TASKS_MSG.tooMany);
    const tasks: GenerateTasksInput["tasks"] = [];
    setProgress({ done: 0, total: newEntries.length });
    try {
      const queue = [...newEntries];
      let done = 0;
      const worker = async () => {
        for (let id = queue.shift(); id; id = queue.shift()) {
          // an entry that cannot be opened still gets its task: "Decide what to do"
          const facts = await openEntry(id).catch(() => ({ category: null, action: null }));
          tasks.push({ source: { kind: "entry", id }, action: taskActionForEntry(facts) });
          setProgress({ done: ++done, total: newEntries.length });
        }
      };
      await Promise.all(Array.from({ length: OPEN_AT_ONCE }, worker));
      for (const p of platforms.filter((p) => ticked.has(p.id)))
        tasks.push({
          source: { kind: "playbook", id: await playbookSourceId(ws, p.id) },
          action: taskActionForPlatform(p.id),
        });
      const { added } = await generateTasks({ ownerId: estate.ownerId, tasks });
      await qc.invalidateQueries({ queryKey: tasksQueryKey });
      setTicked(new Set());
      toast.success(`${formatCount(added, "task")} added`);
    } catch (err) {
      setFailure(errorMessage(err, TASKS_MSG.saveFailed));
    } finally {
      setProgress(null);
    }
  };

  const headingId = `make-tasks-${estate.ownerId}`;
  const platformChoice = (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">
        Online accounts {estate.ownerName} used: tick each to add its task
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {platforms.map((p) => (
          <RoleCheckbox
            key={p.id}
            label={p.name}
            hint={p.hasOwnerTool ? `Has its own tool: ${p.toolName}` : p.toolName}
            checked={ticked.has(p.id)}
            disabled={progress !== null}
            onChange={(e) => {
              const next = new Set(ticked);
              if (e.target.checked) next.add(p.id);
              else next.delete(p.id);
              setTicked(next);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-2">
        <CardHeading id={headingId} icon={ListPlus}>
          {estate.tasks.length ? "Add more tasks" : "Make your task list"}
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p>
          {newEntries.length
            ? `Each of the ${formatCount(newEntries.length, "inventory entry", "inventory entries")} left to you without a task gets one, from what ${estate.ownerName} wanted done with it.`
            : "Every inventory entry left to you has its task."}
        </p>
        {platforms.length > 0 &&
          (estate.tasks.length === 0 ? (
            platformChoice
          ) : (
            <details>
              <summary className="w-fit cursor-pointer text-sm font-medium text-link underline-offset-4 hover:underline">
                Add tasks for online accounts {estate.ownerName} used
              </summary>
              <div className="mt-3">{platformChoice}</div>
            </details>
          ))}
        {progress && progress.total > 0 && (
          <div role="status" className="grid gap-1">
            <p className="text-sm">
              Reading the inventory: {progress.done} of {progress.total}
            </p>
            <Progress
              value={(progress.done / progress.total) * 100}
              aria-label="Reading the inventory"
            />
          </div>
        )}
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
        {(count > 0 || estate.tasks.length === 0) && (
          <Button
            type="button"
            className="w-full sm:w-fit"
            disabled={count === 0 || progress !== null}
            onClick={() => void make()}
          >
            {progress ? "Adding…" : count ? `Add ${formatCount(count, "task")}` : "Add tasks"}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
