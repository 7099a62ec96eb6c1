import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { firms } from "./firms.js";

export const firmCodes = pgTable(
  "firm_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firmId: uuid("firm_id")
      .notNull()
      .references(() => firms.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("firm_codes_firm_idx").on(t.firmId, t.createdAt)],
);
