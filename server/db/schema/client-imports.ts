import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { user } from "./auth.js";
import { firms } from "./firms.js";

/**
 * A firm's CSV file of clients (migration 0054, docs/decisions/094): checked at upload, then
 * invited in the background. The same file again is the same import (firm and file hash unique).
 * Read by the firm's admins and staff under row-level security; written only by the system.
 */
export const clientImports = pgTable("client_imports", {
  id: uuid("id").primaryKey().defaultRandom(),
  firmId: uuid("firm_id")
    .notNull()
    .references(() => firms.id, { onDelete: "cascade" }),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  fileName: text("file_name").notNull(),
  /** sha256 of the file's text: the same file uploaded again finds this import. */
  fileHash: text("file_hash").notNull(),
  status: text("status", { enum: ["previewed", "sending", "done"] })
    .notNull()
    .default("previewed"),
  totalRows: integer("total_rows").notNull(),
  /** Rows with no problem at upload: the ones to invite. */
  readyRows: integer("ready_rows").notNull(),
  /** Ready rows whose turn came: invited, or skipped as invited meanwhile. */
  processedRows: integer("processed_rows").notNull().default(0),
  invitedRows: integer("invited_rows").notNull().default(0),
  createdAt: createdAt(),
  /** The name the invitations carry ("{name} has invited you"): the person who started sending. */
  inviterName: text("inviter_name"),
  startedBy: text("started_by").references(() => user.id, { onDelete: "set null" }),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/** One data line of an import's file; `problem` null means "to invite". */
export const clientImportRows = pgTable(
  "client_import_rows",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => clientImports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    matterRef: text("matter_ref"),
    note: text("note"),
    problem: text("problem"),
    /** For a duplicate: the line it repeats. */
    duplicateOf: integer("duplicate_of"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
