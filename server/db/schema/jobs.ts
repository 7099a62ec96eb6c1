import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Periodic jobs that run once across app processes per period: the last run of each (server/jobs/housekeeping.ts). */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  details: jsonb("details").$type<Record<string, number>>(),
});
