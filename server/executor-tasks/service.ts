import {
  TASK_PROOFS_MAX,
  TASK_TIMELINE_MAX,
  TASKS_MAX,
  TASKS_MSG,
  type ExecutorProgressView,
  type GenerateTasksInput,
  type TaskTimelineView,
  type TasksView,
  type UpdateTaskInput,
  type WorkspaceKeyInput,
} from "../../common/executor-tasks.js";
import type { ActorProfile } from "../access.js";
import { getClientProfile } from "../clients/service.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import type { StoredBytes } from "../blobs/blob-store.js";
import { readBody, storeBody, withStoredBodies } from "../storage/file-bodies.js";
import {
  presentCounts,
  presentEvent,
  presentExecutorEstate,
  presentFamilyEstate,
  presentWorkspaceKey,
} from "./present.js";
import {
  countProofs,
  countEstateEntries,
  countTasks,
  deleteProof,
  hasProof,
  insertEvents,
  insertFirstWorkspaceKey,
  insertProof,
  insertTasks,
  isOwnersPerson,
  selectBeneficiaryKeyId,
  selectEvents,
  selectExecutorEstates,
  selectFamilyEstates,
  selectProof,
  selectStatusCounts,
  selectTask,
  selectTasks,
  selectWorkspaceKeys,
  updateTask,
  type TaskRow,
} from "./queries.js";

/**
 * The executor's workspace after a release (docs/decisions/099). The portal proved `email`; every
 * operation here first finds what that address is to the estate: its executor (tasks, notes,
 * proofs, timeline), a person it gave something to (progress only, and the status of a task
 * assigned to them), or nothing (404, as for a task that does not exist).
 */

/**
 * The released estates whose owner named `email` their executor and whose workspace is still open
 * (docs/decisions/111: until the release's access ends): the one rule for who acts as an estate's
 * executor, which every task route and the milestones' confirmation use.
 */
const executorEstates = (tx: Tx, deps: Deps, email: string) =>
  selectExecutorEstates(tx, email, deps.clock.now());

async function isExecutorOf(tx: Tx, deps: Deps, email: string, ownerId: string) {
  return (await executorEstates(tx, deps, email)).some((e) => e.ownerId === ownerId);
}

/** The same rule for another domain (the milestones): the estates `email` is executor of now. */
export const listExecutorEstates = (deps: Deps, email: string) =>
  asSystem(deps.db, (tx) => executorEstates(tx, deps, email));

/** 404 unless `email` is the executor of `ownerId`'s released estate, while it is open. */
async function requireExecutor(tx: Tx, deps: Deps, email: string, ownerId: string) {
  if (!(await isExecutorOf(tx, deps, email, ownerId))) throw new AppError("NOT_FOUND");
}

/** The task, and whether `email` is its estate's executor or its assignee; 404 for anyone else. */
async function loadTask(tx: Tx, deps: Deps, email: string, taskId: string) {
  const task = await selectTask(tx, taskId);
  if (!task) throw new AppError("NOT_FOUND");
  if (await isExecutorOf(tx, deps, email, task.ownerId)) return { task, isExecutor: true };
  const family = await selectFamilyEstates(tx, email, deps.clock.now());
  if (task.assigneeEmail === email && family.some((e) => e.ownerId === task.ownerId))
    return { task, isExecutor: false };
  throw new AppError("NOT_FOUND");
}

/** GET /api/legacy/tasks: every estate the address is executor or family of, in one request. */
export async function listTasks(deps: Deps, email: string): Promise<TasksView> {
  return asSystem(deps.db, async (tx) => {
    const executorOf = await executorEstates(tx, deps, email);
    const isExec = new Set(executorOf.map((e) => e.ownerId));
    const familyOf = (await selectFamilyEstates(tx, email, deps.clock.now())).filter(
      (e) => !isExec.has(e.ownerId),
    );
    const ownerIds = [...executorOf, ...familyOf].map((e) => e.ownerId);
    const { tasks, proofs } = await selectTasks(tx, ownerIds);
    const keys = await selectWorkspaceKeys(tx, [...isExec], email);
    const tasksOf = (ownerId: string) => tasks.filter((t) => t.ownerId === ownerId);
    return {
      estates: [
        ...executorOf.map((e) =>
          presentExecutorEstate({
            estate: e,
            tasks: tasksOf(e.ownerId),
            proofs,
            workspaceKey: presentWorkspaceKey(deps, e.ownerId, keys),
          }),
        ),
        ...familyOf.map((e) =>
          presentFamilyEstate({ estate: e, tasks: tasksOf(e.ownerId), email }),
        ),
      ],
    };
  });
}

/** POST /api/legacy/tasks: the executor's browser adds the tasks it made; a source listed already is left as it is. */
export async function generateTasks(deps: Deps, email: string, input: GenerateTasksInput) {
  const now = deps.clock.now();
  return asSystem(deps.db, async (tx) => {
    await requireExecutor(tx, deps, email, input.ownerId);
    if ((await countTasks(tx, input.ownerId)) + input.tasks.length > TASKS_MAX)
      throw new AppError("VALIDATION", TASKS_MSG.tooMany);
    const entryIds = [
      ...new Set(input.tasks.filter((t) => t.source.kind === "entry").map((t) => t.source.id)),
    ];
    if ((await countEstateEntries(tx, input.ownerId, entryIds)) !== entryIds.length)
      throw new AppError("VALIDATION", TASKS_MSG.notAnEntry);
    const added = await insertTasks(
      tx,
      input.tasks.map((t) => ({
        ownerId: input.ownerId,
        sourceKind: t.source.kind,
        sourceId: t.source.id,
        action: t.action,
        dueDate: t.dueDate ?? null,
        createdBy: email,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await insertEvents(
      tx,
      added.map((a) => ({
        taskId: a.id,
        ownerId: input.ownerId,
        actorEmail: email,
        kind: "created" as const,
        at: now,
      })),
    );
    return { added: added.length };
  });
}

/**
 * PATCH /api/legacy/tasks/:id. The executor changes anything; the assignee only the status. Each
 * change is a timeline row (the note's: that it changed, never its content).
 */
export async function changeTask(
  deps: Deps,
  { email, taskId, input }: { email: string; taskId: string; input: UpdateTaskInput },
) {
  const now = deps.clock.now();
  return asSystem(deps.db, async (tx) => {
    const { task, isExecutor } = await loadTask(tx, deps, email, taskId);
    const { status, dueDate, assigneeEmail, note } = input;
    if (!isExecutor && (dueDate !== undefined || assigneeEmail !== undefined || note !== undefined))
      throw new AppError("NOT_FOUND");
    const assignee = assigneeEmail?.toLowerCase();
    if (assignee && !(await isOwnersPerson(tx, task.ownerId, assignee)))
      throw new AppError("VALIDATION", TASKS_MSG.assigneeUnknown, {
        assigneeEmail: TASKS_MSG.assigneeUnknown,
      });
    const events: { kind: "status" | "due_date" | "assignee" | "note"; value: string | null }[] =
      [];
    if (status !== undefined && status !== task.status)
      events.push({ kind: "status", value: status });
    if (dueDate !== undefined && dueDate !== task.dueDate)
      events.push({ kind: "due_date", value: dueDate });
    if (assignee !== undefined && assignee !== task.assigneeEmail)
      events.push({ kind: "assignee", value: assignee });
    if (note !== undefined) events.push({ kind: "note", value: null });
    const [row] = await updateTask(tx, taskId, {
      ...(status !== undefined ? { status } : {}),
      ...(dueDate !== undefined ? { dueDate } : {}),
      ...(assignee !== undefined ? { assigneeEmail: assignee } : {}),
      ...(note !== undefined ? { note: note === null ? null : Buffer.from(note, "base64") } : {}),
      updatedAt: now,
    });
    await insertEvents(
      tx,
      events.map((e) => ({ ...e, taskId, ownerId: task.ownerId, actorEmail: email, at: now })),
    );
    return row as TaskRow;
  });
}

/** PUT /api/legacy/tasks/workspace-key: the first executor's browser stores its wrap of a new key. */
export async function saveWorkspaceKey(deps: Deps, email: string, input: WorkspaceKeyInput) {
  await asSystem(deps.db, async (tx) => {
    await requireExecutor(tx, deps, email, input.ownerId);
    const keyId = await selectBeneficiaryKeyId(tx, input.ownerId, email);
    if (keyId !== input.beneficiaryKeyId) throw new AppError("NOT_FOUND");
    const isFirst = await insertFirstWorkspaceKey(tx, {
      ownerId: input.ownerId,
      email,
      beneficiaryKeyId: keyId,
      wrappedKey: Buffer.from(input.wrappedKey, "base64"),
      createdAt: deps.clock.now(),
    });
    if (!isFirst) throw new AppError("CONFLICT", TASKS_MSG.keyExists);
  });
}

/** GET /api/legacy/tasks/timeline?ownerId=: the newest changes of the estate's tasks, for its executor. */
export async function getTimeline(
  deps: Deps,
  email: string,
  ownerId: string,
): Promise<TaskTimelineView> {
  return asSystem(deps.db, async (tx) => {
    await requireExecutor(tx, deps, email, ownerId);
    return { events: (await selectEvents(tx, ownerId, TASK_TIMELINE_MAX)).map(presentEvent) };
  });
}

/* ---------- proofs ---------- */

/** The task whose proof `input` adds: 404 unless `email` is its estate's executor; full, or taken, refused. */
async function requireProofSlot(
  tx: Tx,
  deps: Deps,
  input: { email: string; taskId: string; proofId: string },
) {
  const { task, isExecutor } = await loadTask(tx, deps, input.email, input.taskId);
  if (!isExecutor) throw new AppError("NOT_FOUND");
  if ((await countProofs(tx, input.taskId)) >= TASK_PROOFS_MAX)
    throw new AppError("VALIDATION", TASKS_MSG.tooManyProofs);
  if (await hasProof(tx, input.taskId, input.proofId)) throw new AppError("CONFLICT");
  return task;
}

/**
 * PUT /api/legacy/tasks/:id/proofs/:proofId: a proof sealed in the executor's browser (the proof id
 * is its additional data), after the whole body was read. With FILE_STORE=s3 its bytes go to the
 * object store first (once the executor is known, so nobody else writes there), under a blob that
 * only the proof's row takes (docs/decisions/090); the row is written in one transaction, checked
 * again: a crash during the upload leaves no half proof, takes none of the others, and leaves no
 * object past the sweep.
 */
export async function addProof(
  deps: Deps,
  input: { email: string; taskId: string; proofId: string; data: Buffer },
) {
  const now = deps.clock.now();
  if (deps.files.isS3) await asSystem(deps.db, (tx) => requireProofSlot(tx, deps, input));
  const body = await storeBody(deps, input.data);
  return withStoredBodies(deps, [body], () =>
    asSystem(deps.db, async (tx) => {
      const task = await requireProofSlot(tx, deps, input);
      const [proof] = await insertProof(tx, {
        id: input.proofId,
        taskId: input.taskId,
        ownerId: task.ownerId,
        data: body.blobId ? null : body.data,
        blobId: body.blobId,
        size: body.data.length,
        createdAt: now,
      });
      await insertEvents(tx, [
        {
          taskId: input.taskId,
          ownerId: task.ownerId,
          actorEmail: input.email,
          kind: "proof_added",
          value: input.proofId,
          at: now,
        },
      ]);
      return proof;
    }),
  );
}

/**
 * The sealed bytes of a proof, for the estate's executor only: where its row says they are (the
 * database, or streamed from the object store), whatever FILE_STORE says today.
 */
export async function getProof(
  deps: Deps,
  input: { email: string; taskId: string; proofId: string },
): Promise<StoredBytes> {
  return asSystem(deps.db, async (tx) => {
    const { isExecutor } = await loadTask(tx, deps, input.email, input.taskId);
    if (!isExecutor) throw new AppError("NOT_FOUND");
    const proof = await selectProof(tx, input.taskId, input.proofId);
    const bytes = proof && (await readBody(deps, proof, async () => proof.data));
    if (!bytes) throw new AppError("NOT_FOUND");
    return bytes;
  });
}

/** Deletes a proof; its object, if the object store holds it, goes with the next sweep (the row's trigger). */
export async function removeProof(
  deps: Deps,
  input: { email: string; taskId: string; proofId: string },
) {
  const now = deps.clock.now();
  await asSystem(deps.db, async (tx) => {
    const { task, isExecutor } = await loadTask(tx, deps, input.email, input.taskId);
    if (!isExecutor) throw new AppError("NOT_FOUND");
    const [gone] = await deleteProof(tx, input.taskId, input.proofId);
    if (!gone) throw new AppError("NOT_FOUND");
    await insertEvents(tx, [
      {
        taskId: input.taskId,
        ownerId: task.ownerId,
        actorEmail: input.email,
        kind: "proof_removed",
        value: input.proofId,
        at: now,
      },
    ]);
  });
}

/* ---------- the owner's firm ---------- */

/**
 * GET /api/clients/:id/executor-progress: counts per status of a client's tasks, for the staff of
 * the client's firm (getClientProfile's check: 404 for another firm's client): never content.
 */
export async function getProgressCounts(
  deps: Deps,
  actor: ActorProfile,
  clientId: string,
): Promise<ExecutorProgressView> {
  const client = await getClientProfile(deps, actor, clientId);
  const rows = await asSystem(deps.db, (tx) => selectStatusCounts(tx, client.id));
  return { hasTasks: rows.length > 0, counts: presentCounts(rows) };
}
