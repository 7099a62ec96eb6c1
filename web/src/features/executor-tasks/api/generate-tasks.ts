import type { GenerateTasksInput } from "@common/executor-tasks";
import { api } from "@/lib/api-client";

/** The tasks the executor's browser made, in one request; a source listed already is left alone. */
export const generateTasks = (input: GenerateTasksInput) =>
  api<{ added: number }>("/api/legacy/tasks", { method: "POST", body: input });
