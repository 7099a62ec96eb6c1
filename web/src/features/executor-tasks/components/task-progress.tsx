import {
  TASK_ACTIONS,
  TASK_STATUSES,
  TASK_STATUS_IDS,
  type TaskCounts,
  type TasksView,
} from "@common/executor-tasks";
import { ListChecks } from "lucide-react";
import { Link } from "react-router";
import { buttonLook } from "@/components/looks";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { formatDay } from "@/lib/format";

const finishedOf = (c: TaskCounts) => c.done + c.not_needed;
const totalOf = (c: TaskCounts) => TASK_STATUS_IDS.reduce((n, s) => n + c[s], 0);

/** The executor's workspace for one estate, in the portal (a search parameter, so Back closes it). */
export const workspacePath = (ownerId: string) => `/legacy?tasks=${encodeURIComponent(ownerId)}`;

/**
 * The portal's read-only progress of each estate's tasks (decision 099): for the family, every
 * task's action, status and due date (never its note, proof or what it is about); for the
 * executor, the counts and the way into their workspace (which opens with their access key).
 */
export function TaskProgress({ view }: { view: TasksView }) {
  const estates = view.estates.filter((e) => e.tasks.length > 0 || e.role === "executor");
  if (!estates.length) return null;
  return (
    <>
      {estates.map((e) => {
        const headingId = `task-progress-${e.ownerId}`;
        const total = totalOf(e.counts);
        return (
          <Card key={e.ownerId} role="region" aria-labelledby={headingId}>
            <CardHeader className="pb-2">
              <CardHeading id={headingId} icon={ListChecks}>
                <span className="wrap-anywhere">
                  {e.role === "executor"
                    ? `${e.ownerName}'s estate: your tasks as executor`
                    : `${e.ownerName}'s estate: the executor's progress`}
                </span>
              </CardHeading>
            </CardHeader>
            <CardContent className="grid gap-3">
              <p>
                {total === 0
                  ? "No tasks yet: make the list from the inventory in your workspace."
                  : `${finishedOf(e.counts)} of ${total} ${total === 1 ? "task" : "tasks"} finished.`}
              </p>
              {e.role === "executor" && (
                <Link
                  to={workspacePath(e.ownerId)}
                  className={`${buttonLook.primary} w-full sm:w-fit`}
                >
                  Open your tasks
                </Link>
              )}
              {e.role === "family" && (
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr className="text-muted-foreground">
                      <th scope="col" className="py-1 font-medium">
                        Task
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        Status
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        Due
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {e.tasks.map((t) => (
                      <tr key={t.id}>
                        <td className="py-1">
                          {TASK_ACTIONS[t.action]}
                          {e.assignedTaskIds.includes(t.id) && (
                            <span className="text-muted-foreground"> (assigned to you)</span>
                          )}
                        </td>
                        <td className="py-1">{TASK_STATUSES[t.status]}</td>
                        <td className="py-1">{t.dueDate ? formatDay(t.dueDate) : "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </CardContent>
          </Card>
        );
      })}
    </>
  );
}
