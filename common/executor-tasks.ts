import { z } from "zod";
import type { EstateAction, EstateCategory } from "./assets/estate.js";
import { ciphertextBase64, wrappedKeySchema } from "./ciphertext.js";
import { emailSchema } from "./auth-schemas.js";
import type { LegacyItemKey } from "./legacy.js";

/**
 * The executor's workspace after a release (docs/decisions/099). Tasks are made in the executor's
 * browser from what only it can open (the estate entries, the playbook); the server keeps, in
 * clear, only the structure below. A task's title is its source's (the entry's sealed title, the
 * platform's public name); its note and proofs are sealed under the estate's workspace key.
 */

/* ---------- constants ---------- */

export const TASK_ACTIONS = {
  transfer: "Pass it on",
  close: "Close it",
  memorialise: "Ask for a memorial",
  delete: "Delete it",
  "keep-paying": "Keep paying it",
  cancel: "Cancel it",
  claim: "Claim it",
  review: "Decide what to do",
} as const;
export type TaskAction = keyof typeof TASK_ACTIONS;
export const TASK_ACTION_IDS = Object.keys(TASK_ACTIONS) as [TaskAction, ...TaskAction[]];

export const TASK_STATUSES = {
  todo: "To do",
  in_progress: "In progress",
  done: "Done",
  not_needed: "Not needed",
} as const;
export type TaskStatus = keyof typeof TASK_STATUSES;
export const TASK_STATUS_IDS = Object.keys(TASK_STATUSES) as [TaskStatus, ...TaskStatus[]];

export const TASK_SOURCE_KINDS = ["entry", "playbook"] as const;
export type TaskSourceKind = (typeof TASK_SOURCE_KINDS)[number];

/** The most tasks one estate holds, and one generation adds (an inventory of 2,000 entries fits). */
export const TASKS_MAX = 2_500;
/** A sealed note: 4,000 characters of text with room for the IV and tag. */
export const TASK_NOTE_MAX_BYTES = 16 * 1024;
/** A proof (a letter, a screenshot), sealed: at most 10 MB, at most 10 per task. */
export const TASK_PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const TASK_PROOFS_MAX = 10;
/** The newest timeline rows listed. */
export const TASK_TIMELINE_MAX = 200;

/** The additional data of the workspace key's wrap and of each sealed note and proof. */
export const workspaceKeyContext = (ownerId: string) => `task-workspace:${ownerId}`;
export const taskNoteContext = (taskId: string) => `task-note:${taskId}`;
export const taskProofContext = (taskId: string, proofId: string) =>
  `task-proof:${taskId}:${proofId}`;

/**
 * The task an estate entry calls for, from its outcome and kind (the executor's browser decides it
 * after opening the entry): a pension or insurance policy is claimed, a subscription closed is
 * cancelled, an entry with no outcome is reviewed.
 */
export function taskActionForEntry(entry: {
  category: EstateCategory | null;
  action: EstateAction | null;
}): TaskAction {
  if (!entry.action) return "review";
  if (entry.action === "close" && entry.category === "subscription") return "cancel";
  if (
    entry.action === "transfer" &&
    (entry.category === "pension" || entry.category === "insurance")
  )
    return "claim";
  return entry.action;
}

/** Platforms whose profiles are kept as memorials; every other platform's account is closed. */
const MEMORIAL_PLATFORMS: readonly string[] = ["facebook", "instagram", "linkedin"];

/** The task a playbook platform calls for: ask for a memorial, or close the account. */
export const taskActionForPlatform = (platformId: string): TaskAction =>
  MEMORIAL_PLATFORMS.includes(platformId) ? "memorialise" : "close";

/* ---------- inputs ---------- */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s,
    "Enter a date as YYYY-MM-DD",
  );

export const taskNoteSchema = ciphertextBase64(
  TASK_NOTE_MAX_BYTES,
  `The note must be at most ${TASK_NOTE_MAX_BYTES / 1024} KB`,
);

/**
 * A task's source: an estate entry's id (a uuid), or a playbook platform under an opaque id, so
 * that which platforms the estate has stays sealed: "p-" and the first 22 base64url characters of
 * HMAC-SHA-256(workspace key, "playbook:<platform id>"), which only the workspace's browsers make
 * and read back.
 */
export const PLAYBOOK_SOURCE_PATTERN = /^p-[A-Za-z0-9_-]{22}$/;
const taskSourceSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("entry"), id: z.uuid() }),
  z.strictObject({
    kind: z.literal("playbook"),
    id: z.string().regex(PLAYBOOK_SOURCE_PATTERN, "Not a sealed playbook reference"),
  }),
]);

/** POST /api/legacy/tasks: the tasks the browser made; a source already listed is left alone. */
export const generateTasksSchema = z.strictObject({
  ownerId: z.string().min(1).max(100),
  tasks: z
    .array(
      z.strictObject({
        source: taskSourceSchema,
        action: z.enum(TASK_ACTION_IDS),
        dueDate: isoDate.nullable().optional(),
      }),
    )
    .min(1)
    .max(TASKS_MAX),
});
export type GenerateTasksInput = z.infer<typeof generateTasksSchema>;

/** PATCH /api/legacy/tasks/:id: any of these; the note sealed under the workspace key, or null. */
export const updateTaskSchema = z
  .strictObject({
    status: z.enum(TASK_STATUS_IDS).optional(),
    dueDate: isoDate.nullable().optional(),
    assigneeEmail: emailSchema.nullable().optional(),
    note: taskNoteSchema.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type UpdateTaskInput = z.infer<typeof updateTaskSchema>;

/** PUT /api/legacy/tasks/workspace-key: the workspace key wrapped under this address's key. */
export const workspaceKeySchema = z.strictObject({
  ownerId: z.string().min(1).max(100),
  beneficiaryKeyId: z.uuid(),
  wrappedKey: wrappedKeySchema,
});
export type WorkspaceKeyInput = z.infer<typeof workspaceKeySchema>;

/* ---------- responses ---------- */

/** A task as the executor (and an assignee) sees it. `note` is the sealed note, base64. */
export type ExecutorTaskView = {
  id: string;
  source: { kind: TaskSourceKind; id: string };
  action: TaskAction;
  status: TaskStatus;
  dueDate: string | null;
  assigneeEmail: string | null;
  note: string | null;
  proofs: { id: string; size: number; createdAt: string }[];
  updatedAt: string;
};

/** A task as the family's progress view shows it: no source, no note, no assignee. */
export type TaskProgressView = {
  id: string;
  action: TaskAction;
  status: TaskStatus;
  dueDate: string | null;
};

export type TaskCounts = Record<TaskStatus, number>;

/**
 * What opens the workspace key for this address: its wrap with the key's shares (as an item's
 * "beneficiary-key"), or, before any executor made one, `create` with the beneficiary key the
 * browser wraps a new one under (the server share; the access key is the executor's own).
 */
export type WorkspaceKeyView =
  | { state: "wrapped"; key: Extract<LegacyItemKey, { kind: "beneficiary-key" }> }
  | { state: "create"; beneficiaryKeyId: string; serverShare: string; escrowShare: string | null }
  /** The key exists, made by another executor; it is not yet wrapped for this address. */
  | { state: "not-shared" }
  /** This address has no beneficiary key of the owner's (an owner who never made one). */
  | { state: "unavailable" };

export type TaskEventView = {
  taskId: string;
  actorEmail: string;
  kind: "created" | "status" | "due_date" | "assignee" | "note" | "proof_added" | "proof_removed";
  value: string | null;
  at: string;
};

/** One estate in GET /api/legacy/tasks, as the executor sees it. */
export type ExecutorEstateView = {
  role: "executor";
  ownerId: string;
  ownerName: string;
  /** When the workspace closes: the release's access end (docs/decisions/111), ISO time. */
  openUntil: string;
  workspaceKey: WorkspaceKeyView;
  counts: TaskCounts;
  tasks: ExecutorTaskView[];
};

/** One estate as a beneficiary who is not its executor sees it: progress only. */
export type FamilyEstateView = {
  role: "family";
  ownerId: string;
  ownerName: string;
  counts: TaskCounts;
  tasks: TaskProgressView[];
  /** The tasks assigned to this address (their ids), which it may mark done or not. */
  assignedTaskIds: string[];
};

/** GET /api/legacy/tasks: every released estate this address is executor or family of, in one request. */
export type TasksView = { estates: (ExecutorEstateView | FamilyEstateView)[] };

/** GET /api/legacy/tasks/timeline?ownerId=: the newest changes, the executor's only. */
export type TaskTimelineView = { events: TaskEventView[] };

/** GET /api/clients/:id/executor-progress: the firm's view, counts only. */
export type ExecutorProgressView = { hasTasks: boolean; counts: TaskCounts };

/* ---------- messages ---------- */

export const TASKS_MSG = {
  assigneeUnknown: "Assign the task to one of the people the owner named",
  notAnEntry: "A task can only come from an entry of this estate's inventory",
  tooMany: `An estate holds at most ${TASKS_MAX.toLocaleString("en-US")} tasks`,
  tooManyProofs: `A task holds at most ${TASK_PROOFS_MAX} proofs`,
  proofTooLarge: `A proof must be at most ${TASK_PROOF_MAX_BYTES / 1024 / 1024} MB`,
  keyExists: "Another executor already made the workspace key",
  loadFailed: "The tasks could not be loaded. Please try again.",
  workspaceClosed:
    "Access to this estate's tasks has ended, or was never given to this address. An executor works here until access to what the estate left ends.",
  saveFailed: "The task could not be saved. Please try again.",
} as const;
