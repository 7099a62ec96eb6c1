import {
  TASK_STATUS_IDS,
  type ExecutorEstateView,
  type ExecutorTaskView,
  type FamilyEstateView,
  type TaskAction,
  type TaskCounts,
  type TaskEventView,
  type WorkspaceKeyView,
} from "../../common/executor-tasks.js";
import type { Deps } from "../deps.js";
import type { ListedTaskRow, ProofRow, selectEvents, selectWorkspaceKeys } from "./queries.js";

type Estate = { ownerId: string; ownerName: string };

export function presentCounts(rows: { status: string; n: number }[]): TaskCounts {
  const counts = Object.fromEntries(TASK_STATUS_IDS.map((s) => [s, 0])) as TaskCounts;
  for (const r of rows) if (r.status in counts) counts[r.status as keyof TaskCounts] += r.n;
  return counts;
}

const countsOf = (tasks: ListedTaskRow[]) =>
  presentCounts(tasks.map((t) => ({ status: t.status, n: 1 })));

const presentTask = (t: ListedTaskRow, proofs: ProofRow[]): ExecutorTaskView => ({
  id: t.id,
  source: { kind: t.sourceKind, id: t.sourceId },
  action: t.action as TaskAction,
  status: t.status,
  dueDate: t.dueDate,
  assigneeEmail: t.assigneeEmail,
  note: t.note,
  proofs: proofs.map((p) => ({ id: p.id, size: p.size, createdAt: p.createdAt.toISOString() })),
  updatedAt: t.updatedAt.toISOString(),
});

export function presentExecutorEstate(a: {
  estate: Estate & { openUntil: Date };
  tasks: ListedTaskRow[];
  proofs: ProofRow[];
  workspaceKey: WorkspaceKeyView;
}): ExecutorEstateView {
  const proofsOf = new Map<string, ProofRow[]>();
  for (const p of a.proofs) proofsOf.set(p.taskId, [...(proofsOf.get(p.taskId) ?? []), p]);
  return {
    role: "executor",
    ownerId: a.estate.ownerId,
    ownerName: a.estate.ownerName,
    openUntil: a.estate.openUntil.toISOString(),
    workspaceKey: a.workspaceKey,
    counts: countsOf(a.tasks),
    tasks: a.tasks.map((t) => presentTask(t, proofsOf.get(t.id) ?? [])),
  };
}

/** Progress only: action, status and due date; no source, note, proof or assignee. */
export function presentFamilyEstate(a: {
  estate: Estate;
  tasks: ListedTaskRow[];
  email: string;
}): FamilyEstateView {
  return {
    role: "family",
    ownerId: a.estate.ownerId,
    ownerName: a.estate.ownerName,
    counts: countsOf(a.tasks),
    tasks: a.tasks.map((t) => ({
      id: t.id,
      action: t.action as TaskAction,
      status: t.status,
      dueDate: t.dueDate,
    })),
    assignedTaskIds: a.tasks.filter((t) => t.assigneeEmail === a.email).map((t) => t.id),
  };
}

/**
 * What opens the estate's workspace key for this address: its own wrap with the shares of the
 * beneficiary key it is wrapped under (unsealed here, as the portal does for an item), or the key
 * to wrap a new one under when no executor made one yet.
 */
export function presentWorkspaceKey(
  deps: Deps,
  ownerId: string,
  k: Awaited<ReturnType<typeof selectWorkspaceKeys>>,
): WorkspaceKeyView {
  const key = k.keys.find((b) => b.ownerId === ownerId);
  const wrap = k.wraps.find((w) => w.ownerId === ownerId);
  if (!key) return { state: "unavailable" };
  if (!wrap) {
    if (k.made.includes(ownerId)) return { state: "not-shared" };
    return { state: "create", beneficiaryKeyId: key.id, ...shares(deps, key) };
  }
  if (wrap.beneficiaryKeyId !== key.id) return { state: "not-shared" };
  return {
    state: "wrapped",
    key: {
      kind: "beneficiary-key",
      beneficiaryKeyId: key.id,
      ...shares(deps, key),
      wrappedKey: wrap.wrappedKey.toString("base64"),
    },
  };
}

function shares(deps: Deps, key: { id: string; serverShare: Buffer; escrowShare: Buffer | null }) {
  const { serverShare, escrow } = deps.shareSealers;
  const s = serverShare.open(key.id, key.serverShare);
  const e = key.escrowShare ? escrow.open(key.id, key.escrowShare) : null;
  const out = { serverShare: s.toString("base64"), escrowShare: e ? e.toString("base64") : null };
  s.fill(0);
  e?.fill(0);
  return out;
}

export const presentEvent = (
  e: Awaited<ReturnType<typeof selectEvents>>[number],
): TaskEventView => ({
  taskId: e.taskId,
  actorEmail: e.actorEmail,
  kind: e.kind,
  value: e.value,
  at: e.at.toISOString(),
});
