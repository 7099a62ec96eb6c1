import type { UpdateTaskInput } from "@common/executor-tasks";
import { api } from "@/lib/api-client";

/** A task's status, due date, assignee or sealed note (decision 099). */
export const updateTask = (taskId: string, input: UpdateTaskInput) =>
  api<{ ok: true }>(`/api/legacy/tasks/${encodeURIComponent(taskId)}`, {
    method: "PATCH",
    body: input,
  });
