import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.js";

export const storageObjects = pgTable(
  "storage_objects",
  {
    bucket: text("bucket").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.name] })],
);
