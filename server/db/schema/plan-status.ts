import { boolean, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { firms } from "./firms.js";
import { profiles } from "./profiles.js";

/**
 * One client's plan completeness (migration 0048, docs/decisions/087): yes/no facts, the last
 * check-in and a score, kept by triggers from app_plan_facts. `firmId` is set only while the
 * profile is a client of that firm. Read by the firm's staff under row-level security; written
 * only by the triggers.
 */
export const clientPlanStatus = pgTable("client_plan_status", {
  clientId: text("client_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  firmId: uuid("firm_id").references(() => firms.id, { onDelete: "set null" }),
  sortName: text("sort_name").notNull(),
  hasReleasePlan: boolean("has_release_plan").notNull(),
  hasBeneficiaries: boolean("has_beneficiaries").notNull(),
  areKeysHandedOver: boolean("are_keys_handed_over").notNull(),
  areVerifiersAccepted: boolean("are_verifiers_accepted").notNull(),
  hasRecoveryKit: boolean("has_recovery_kit").notNull(),
  lastCheckInAt: timestamp("last_check_in_at", { withTimezone: true }),
  score: smallint("score").notNull(),
});
