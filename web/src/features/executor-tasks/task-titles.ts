import type { ExecutorTaskView } from "@common/executor-tasks";
import { findPlaybookPlatform, type PlaybookPlatform } from "@common/playbook";

/** What a task is about, in the executor's words: the entry's title, or the platform's name. */
export type TaskSubject =
  | { kind: "entry"; title: string }
  | { kind: "playbook"; title: string; platform: PlaybookPlatform | undefined };

/** An entry the tasks point to, with its opened title (undefined while the titles open). */
export type TitledEntry = { id: string; title: string };

/**
 * A task's subject: the inventory entry's title as this tab opened it, or the platform its sealed
 * reference stands for (only the workspace key tells them apart: `platformOf`).
 */
export function subjectOf(
  task: Pick<ExecutorTaskView, "source">,
  entries: ReadonlyMap<string, string>,
  platformOf: ReadonlyMap<string, string> | undefined,
): TaskSubject {
  if (task.source.kind === "entry")
    return {
      kind: "entry",
      title: entries.get(task.source.id) ?? "An inventory entry that is no longer listed",
    };
  const id = platformOf?.get(task.source.id);
  const platform = id === undefined ? undefined : findPlaybookPlatform(id);
  return {
    kind: "playbook",
    title: platform ? platform.name : "An online account (opens with the workspace key)",
    platform,
  };
}
