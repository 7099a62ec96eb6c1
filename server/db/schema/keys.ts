import { pgTable, text } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.js";
import { user } from "./auth.js";

/** Each user's data key, wrapped by a key derived from the master key (AES-256-GCM, the user id as additional data). */
export const userKeys = pgTable("user_keys", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  wrappedKey: bytea("wrapped_key").notNull(),
  createdAt: createdAt(),
});
