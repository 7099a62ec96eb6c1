import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { bytea } from "./columns.js";

/**
 * The executor's tasks after a release (docs/decisions/099, migration 0059): structure in clear
 * (source reference, action, status, due date, assignee), the note sealed in the executor's
 * browser under the estate's workspace key.
 */
export const executorTasks = pgTable(
  "executor_tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sourceKind: text("source_kind", { enum: ["entry", "playbook"] }).notNull(),
    sourceId: text("source_id").notNull(),
    action: text("action").notNull(),
    status: text("status", { enum: ["todo", "in_progress", "done", "not_needed"] })
      .notNull()
      .default("todo"),
    dueDate: date("due_date", { mode: "string" }),
    assigneeEmail: text("assignee_email"),
    note: bytea("note"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("executor_tasks_source_idx").on(t.ownerId, t.sourceKind, t.sourceId)],
);

/** The estate's workspace key wrapped under one address's beneficiary key. */
export const executorWorkspaceKeys = pgTable(
  "executor_workspace_keys",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    beneficiaryKeyId: uuid("beneficiary_key_id").notNull(),
    wrappedKey: bytea("wrapped_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: "executor_workspace_keys_pk", columns: [t.ownerId, t.email] })],
);

/** The timeline: one row per change to a task, structure only. */
export const executorTaskEvents = pgTable(
  "executor_task_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => executorTasks.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    actorEmail: text("actor_email").notNull(),
    kind: text("kind", {
      enum: ["created", "status", "due_date", "assignee", "note", "proof_added", "proof_removed"],
    }).notNull(),
    value: text("value"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("executor_task_events_owner_idx").on(t.ownerId, t.at)],
);

/**
 * A task's proof: ciphertext sealed in the browser under the workspace key, in `data` or, with
 * FILE_STORE=s3, in the object store under `blobId` (migration 0064, docs/decisions/090).
 */
export const executorTaskProofs = pgTable(
  "executor_task_proofs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => executorTasks.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The ciphertext when the database holds it; null when `blobId` names it in the object store. */
    data: bytea("data"),
    /** Ciphertext bytes (plaintext + 28). */
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Set: the bytes are in the object store under this opaque id; null: in `data`. */
    blobId: uuid("blob_id"),
  },
  (t) => [
    index("executor_task_proofs_task_idx").on(t.taskId),
    uniqueIndex("executor_task_proofs_blob_idx")
      .on(t.blobId)
      .where(sql`${t.blobId} is not null`),
    check("executor_task_proofs_one_store", sql`(${t.data} is null) <> (${t.blobId} is null)`),
  ],
);
