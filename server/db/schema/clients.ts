import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { firms } from "./firms.js";
import { profiles } from "./profiles.js";

/**
 * What a firm keeps about one of its clients (migration 0026, docs/decisions/041): its own reference
 * and notes, edited by the firm's admins and staff on /clients/edit/{id}. The client's own details
 * stay in profiles; row-level security shows these only to the client's current firm.
 */
export const clientFirmDetails = pgTable(
  "client_firm_details",
  {
    firmId: uuid("firm_id")
      .notNull()
      .references(() => firms.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    reference: text("reference"),
    notes: text("notes"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ name: "client_firm_details_pk", columns: [t.firmId, t.clientId] }),
    index("client_firm_details_client_idx").on(t.clientId),
  ],
);
