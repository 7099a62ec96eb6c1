import { sql } from "drizzle-orm";
import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { user } from "./auth.js";
import { firms } from "./firms.js";

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** A copy of the account's e-mail (which never changes) so firm lists can show and search it under RLS. */
    email: text("email").notNull(),
    phone: text("phone"),
    address: text("address"),
    role: text("role", { enum: ["regular_user", "firm_staff", "firm_admin", "firm_assistant"] })
      .notNull()
      .default("regular_user"),
    firmId: uuid("firm_id").references(() => firms.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** What /clients searches (name or e-mail contains), kept by PostgreSQL; trigram-indexed (migration 0013). */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(name) || ' ' || email`),
  },
  // A firm's clients in joined order, ties broken by id: /clients pages through it without sorting (deep pages: OFFSET over the index).
  (t) => [index("profiles_firm_role_created_id_idx").on(t.firmId, t.role, t.createdAt, t.id)],
);
