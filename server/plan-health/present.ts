import type { PlanHealthFacts } from "../../common/plan-health.js";
import { PLAYBOOK } from "../../common/playbook.js";
import type { PlanHealthRow } from "./queries.js";

/** The row as the contract's facts: numbers as numbers whatever the driver returned. */
export const presentPlanHealthFacts = (row: PlanHealthRow): PlanHealthFacts => ({
  hasReleasePlan: row.hasReleasePlan,
  requiresVerifier: row.requiresVerifier,
  verifierCount: Number(row.verifierCount),
  acceptedVerifierCount: Number(row.acceptedVerifierCount),
  threshold: Number(row.threshold),
  keysNotHandedOver: Number(row.keysNotHandedOver),
  caregiversWithoutKey: Number(row.caregiversWithoutKey),
  isRecoveryKitMissing: row.isRecoveryKitMissing,
  failingEmails: row.failingEmails,
  itemsLeftToNobody: Number(row.itemsLeftToNobody),
  platformsNotTicked: Math.max(0, PLAYBOOK.length - Number(row.playbookTicked)),
  isExecutorMissing: row.isExecutorMissing,
});
