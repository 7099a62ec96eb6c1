/* ---------- plan health (docs/decisions/083) ---------- */

/** What can be wrong with a release plan, each a yes/no fact computed by the server. */
export const PLAN_HEALTH_CODES = [
  "no_release_plan",
  "no_verifiers",
  "too_few_verifiers",
  "verifier_required_none_accepted",
  "access_keys_not_handed_over",
  "caregiver_without_access_key",
  "recovery_kit_not_saved",
  "beneficiary_email_failing",
  "items_left_to_nobody",
  "platforms_not_ticked",
  "no_executor",
] as const;
export type PlanHealthCode = (typeof PLAN_HEALTH_CODES)[number];

/**
 * The facts behind the list: counts and yes/no only, never a title or any content. The owner's
 * view names their own failing beneficiary addresses; the firm's never does.
 */
export type PlanHealthFacts = {
  hasReleasePlan: boolean;
  /** The inactivity trigger is on with "never release without a verifier" (decision 085). */
  requiresVerifier: boolean;
  /** Verifiers named and not declined. */
  verifierCount: number;
  acceptedVerifierCount: number;
  /** k: how many must confirm (1 when the owner never chose). */
  threshold: number;
  /** Hand-over access keys (not escrowed) the owner has not said they gave. */
  keysNotHandedOver: number;
  /**
   * Caregivers of the incapacity scope (decision 093) whose access key was neither handed over
   * nor escrowed: if the owner could not act, they could not read what was marked for them.
   */
  caregiversWithoutKey: number;
  /** The owner's keys are their own and no recovery kit was ever made. */
  isRecoveryKitMissing: boolean;
  /** Beneficiary addresses whose latest e-mail could not be delivered. */
  failingEmails: string[];
  itemsLeftToNobody: number;
  /**
   * Platforms of the playbook the owner has not ticked yet (docs/decisions/088): a count only,
   * never which; the firm reads it as yes/no.
   */
  platformsNotTicked: number;
  /**
   * The owner keeps an estate inventory and has named no executor (decision 091): after a release
   * nobody would see the entries that are not left to someone. Last and gently worded.
   */
  isExecutorMissing: boolean;
};

export type PlanHealthEntry = {
  code: PlanHealthCode;
  /** Plain words for whoever reads the list. */
  message: string;
  /** The screen where the owner fixes it. */
  fixPath: string;
  fixLabel: string;
};

/** GET /api/plan-health (the owner) and GET /api/clients/:id/plan-health (the client's firm). */
export type PlanHealthView = { entries: PlanHealthEntry[] };

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

type Reader = "owner" | "firm";

const FIX: Record<PlanHealthCode, { fixPath: string; fixLabel: string }> = {
  no_release_plan: { fixPath: "/release", fixLabel: "Set a release plan" },
  no_verifiers: { fixPath: "/release", fixLabel: "Name verifiers" },
  too_few_verifiers: { fixPath: "/release", fixLabel: "Review verifiers" },
  verifier_required_none_accepted: { fixPath: "/release", fixLabel: "Review your plan" },
  access_keys_not_handed_over: { fixPath: "/release", fixLabel: "Hand over access keys" },
  caregiver_without_access_key: {
    fixPath: "/release/caregivers",
    fixLabel: "Review your caregivers",
  },
  recovery_kit_not_saved: { fixPath: "/profile/keys", fixLabel: "Make a recovery kit" },
  beneficiary_email_failing: { fixPath: "/beneficiaries", fixLabel: "Check the addresses" },
  items_left_to_nobody: { fixPath: "/profile/inventory", fixLabel: "Review your items" },
  platforms_not_ticked: { fixPath: "/release/accounts", fixLabel: "Go through your accounts" },
  no_executor: { fixPath: "/beneficiaries", fixLabel: "Name an executor" },
};

/** The list, in a fixed order, worded for the owner ("you") or for the firm ("the client"). */
export function planHealthEntries(facts: PlanHealthFacts, reader: Reader): PlanHealthEntry[] {
  const you = reader === "owner";
  const messages: [PlanHealthCode, boolean, () => string][] = [
    [
      "no_release_plan",
      !facts.hasReleasePlan,
      () =>
        you
          ? "You have not set a release plan: nothing is released if you stop signing in."
          : "No release plan is set.",
    ],
    [
      "no_verifiers",
      facts.verifierCount === 0,
      () =>
        you
          ? "No one is named to confirm a death or incapacity: add verifiers."
          : "No verifiers are named.",
    ],
    [
      "too_few_verifiers",
      facts.verifierCount > 0 && facts.acceptedVerifierCount < facts.threshold,
      () =>
        you
          ? `${facts.acceptedVerifierCount} of the ${facts.threshold} verifiers needed have accepted.`
          : "Fewer verifiers have accepted than are needed to confirm.",
    ],
    [
      "verifier_required_none_accepted",
      facts.requiresVerifier && facts.acceptedVerifierCount === 0,
      () =>
        you
          ? "You asked never to release without a verifier, but no verifier has accepted: inactivity alone will never release your plan."
          : "The plan needs a verifier's answer before any release, and no verifier has accepted.",
    ],
    [
      "access_keys_not_handed_over",
      facts.keysNotHandedOver > 0,
      () =>
        you
          ? `${plural(facts.keysNotHandedOver, "beneficiary has", "beneficiaries have")} not been given their access key yet.`
          : "Some access keys have not been handed over.",
    ],
    [
      "caregiver_without_access_key",
      facts.caregiversWithoutKey > 0,
      () =>
        you
          ? `${plural(facts.caregiversWithoutKey, "caregiver has", "caregivers have")} no access key yet: if you could not act, they could not read what you marked for them.`
          : "A caregiver has not been given their access key.",
    ],
    [
      "recovery_kit_not_saved",
      facts.isRecoveryKitMissing,
      () =>
        you
          ? "You have no recovery kit: if you forget your password, your vault cannot be opened."
          : "No recovery kit has been made.",
    ],
    [
      "beneficiary_email_failing",
      facts.failingEmails.length > 0,
      () =>
        you
          ? `E-mail to ${facts.failingEmails.join(", ")} could not be delivered: check the address.`
          : "E-mail to a beneficiary could not be delivered.",
    ],
    [
      "items_left_to_nobody",
      facts.itemsLeftToNobody > 0,
      () =>
        you
          ? `${plural(facts.itemsLeftToNobody, "item is", "items are")} left to nobody.`
          : `Items left to nobody: ${facts.itemsLeftToNobody}.`,
    ],
    [
      "platforms_not_ticked",
      facts.platformsNotTicked > 0,
      () =>
        you
          ? `${plural(facts.platformsNotTicked, "online account is", "online accounts are")} not ticked off yet (Google, Apple, Facebook…).`
          : "The client has not finished the checklist of online accounts.",
    ],
    [
      "no_executor",
      facts.isExecutorMissing,
      () =>
        you
          ? "When you are ready: name an executor, the person who will settle your affairs. After a release they see your estate inventory."
          : "No executor is named for the estate inventory.",
    ],
  ];
  return messages
    .filter(([, isOn]) => isOn)
    .map(([code, , message]) => ({ code, message: message(), ...FIX[code] }));
}

export const PLAN_HEALTH_UI_MSG = {
  title: "Plan health",
  allGood: "Nothing needs your attention.",
  firmAllGood: "Nothing needs attention.",
  loadFailed: "The plan health could not be loaded.",
};
