import { Hono } from "hono";
import {
  generateTasksSchema,
  updateTaskSchema,
  workspaceKeySchema,
  type ExecutorProgressView,
  type TaskTimelineView,
  type TasksView,
} from "../../common/executor-tasks.js";
import { requireActor } from "../auth/actor.js";
import { responseBody } from "../blobs/blob-store.js";
import { binaryBody, jsonBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { readProof } from "./proof-upload-middleware.js";
import { requireBeneficiary } from "../legacy/routes.js";
import {
  addProof,
  changeTask,
  generateTasks,
  getProgressCounts,
  getProof,
  getTimeline,
  listTasks,
  removeProof,
  saveWorkspaceKey,
} from "./service.js";

/** Generating the tasks of 2,500 sources fits in one request. */
const GENERATE_MAX_BYTES = 512 * 1024;
/** A sealed note of 16 KB in base64, with room for the other fields. */
const UPDATE_MAX_BYTES = 32 * 1024;

/**
 * The executor's workspace (docs/decisions/099), on the portal's path so its cookie reaches it:
 * the address proven there is who asks. And the firm's counts on the client's page.
 */
export const executorTaskRoutes = new Hono<AppEnv>()
  .get("/legacy/tasks", requireBeneficiary, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json<TasksView>(await listTasks(c.var.deps, c.var.beneficiaryEmail));
  })
  .post("/legacy/tasks", jsonBody(GENERATE_MAX_BYTES), requireBeneficiary, async (c) => {
    const input = await parseJson(c, generateTasksSchema);
    return c.json(await generateTasks(c.var.deps, c.var.beneficiaryEmail, input), 201);
  })
  .put("/legacy/tasks/workspace-key", requireBeneficiary, async (c) => {
    const input = await parseJson(c, workspaceKeySchema);
    await saveWorkspaceKey(c.var.deps, c.var.beneficiaryEmail, input);
    return c.json({ ok: true });
  })
  .get("/legacy/tasks/timeline", requireBeneficiary, async (c) => {
    const ownerId = parseIdParam(c.req.query("ownerId"), "user");
    c.header("Cache-Control", "no-store");
    return c.json<TaskTimelineView>(await getTimeline(c.var.deps, c.var.beneficiaryEmail, ownerId));
  })
  .patch("/legacy/tasks/:id", jsonBody(UPDATE_MAX_BYTES), requireBeneficiary, async (c) => {
    const taskId = parseIdParam(c.req.param("id"));
    const input = await parseJson(c, updateTaskSchema);
    await changeTask(c.var.deps, { email: c.var.beneficiaryEmail, taskId, input });
    return c.json({ ok: true });
  })
  .put("/legacy/tasks/:id/proofs/:proofId", binaryBody, requireBeneficiary, async (c) => {
    const taskId = parseIdParam(c.req.param("id"));
    const proofId = parseIdParam(c.req.param("proofId"));
    const data = await readProof(c.req);
    const proof = await addProof(c.var.deps, {
      email: c.var.beneficiaryEmail,
      taskId,
      proofId,
      data,
    });
    return c.json(
      { proof: { id: proof?.id, size: proof?.size, createdAt: proof?.createdAt.toISOString() } },
      201,
    );
  })
  .get("/legacy/tasks/:id/proofs/:proofId", requireBeneficiary, async (c) => {
    const data = await getProof(c.var.deps, {
      email: c.var.beneficiaryEmail,
      taskId: parseIdParam(c.req.param("id")),
      proofId: parseIdParam(c.req.param("proofId")),
    });
    return c.body(responseBody(data), 200, {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": "attachment",
      "Cache-Control": "no-store",
    });
  })
  .delete("/legacy/tasks/:id/proofs/:proofId", requireBeneficiary, async (c) => {
    await removeProof(c.var.deps, {
      email: c.var.beneficiaryEmail,
      taskId: parseIdParam(c.req.param("id")),
      proofId: parseIdParam(c.req.param("proofId")),
    });
    return c.json({ ok: true });
  })
  .get("/clients/:id/executor-progress", requireActor, async (c) => {
    const clientId = parseIdParam(c.req.param("id"), "user");
    c.header("Cache-Control", "no-store");
    return c.json<ExecutorProgressView>(await getProgressCounts(c.var.deps, c.var.actor, clientId));
  });
