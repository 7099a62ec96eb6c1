import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { user } from "./auth.js";
import { firms } from "./firms.js";

export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firmId: uuid("firm_id")
      .notNull()
      .references(() => firms.id, { onDelete: "cascade" }),
    firmCode: text("firm_code").notNull(),
    /** sha256 of the random token in the e-mailed link; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    role: text("role", {
      enum: ["regular_user", "firm_staff", "firm_admin", "firm_assistant"],
    }).notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    used: boolean("used").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    note: text("note"),
    /** A client import's matter reference and note: the firm's own, written onto the client at joining (decision 094). */
    firmReference: text("firm_reference"),
    firmNotes: text("firm_notes"),
    createdAt: createdAt(),
    /** When the current link was e-mailed (a resend gives a fresh link and a fresh time). */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin revoked it: the link then says it was withdrawn (migration 0019). */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("invitations_email_firm_idx").on(t.email, t.firmId),
    index("invitations_firm_pending_idx")
      .on(t.firmId, t.sentAt)
      .where(sql`not ${t.used} and ${t.revokedAt} is null`),
  ],
);

/**
 * Links e-mailed before the current one of a pending invitation (migration 0026): a re-invite
 * extends the invitation and sends a new link, and these keep working until it expires (spec 01 §4,
 * docs/decisions/022). Hashes only; system access only.
 */
export const invitationEarlierLinks = pgTable(
  "invitation_earlier_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    invitationId: uuid("invitation_id")
      .notNull()
      .references(() => invitations.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("invitation_earlier_links_invitation_idx").on(t.invitationId)],
);

/**
 * A pending invitation of `firmId`: not accepted, not revoked, not expired. Beside the table, as
 * invitations/ lists them and dashboard/ counts them by it.
 */
export const isPendingOf = (firmId: string) =>
  and(
    eq(invitations.firmId, firmId),
    eq(invitations.used, false),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, sql`now()`),
  );
