import type { WorkspaceKeyInput } from "@common/executor-tasks";
import { api } from "@/lib/api-client";

/** The first executor's wrap of the new workspace key (decision 099); 409 when another made one. */
export const saveWorkspaceKey = (input: WorkspaceKeyInput) =>
  api<{ ok: true }>("/api/legacy/tasks/workspace-key", { method: "PUT", body: input });
