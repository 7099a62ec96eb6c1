import { z } from "zod";

/* ---------- plan status across the practice (docs/decisions/087) ---------- */

/** Rows per page of GET /api/firm/plan-status. */
export const PLAN_STATUS_PAGE_SIZE = 50;
/** A page cursor's longest form: a sort key (a name of up to 200 characters) and an id. */
export const PLAN_STATUS_CURSOR_MAX = 1024;

export const PLAN_STATUS_SORTS = ["score", "name", "check_in"] as const;
export type PlanStatusSort = (typeof PLAN_STATUS_SORTS)[number];

/** Which clients the list shows: all, by completeness, or those missing one thing. */
export const PLAN_STATUS_FILTERS = [
  "all",
  "incomplete",
  "complete",
  "no_release_plan",
  "no_beneficiaries",
  "keys_not_handed_over",
  "verifiers_not_accepted",
  "no_recovery_kit",
] as const;
export type PlanStatusFilter = (typeof PLAN_STATUS_FILTERS)[number];

export const PLAN_STATUS_FILTER_LABELS: Record<PlanStatusFilter, string> = {
  all: "All clients",
  incomplete: "Plan not complete",
  complete: "Plan complete",
  no_release_plan: "No release plan",
  no_beneficiaries: "No beneficiaries",
  keys_not_handed_over: "Access keys not handed over",
  verifiers_not_accepted: "Verifiers not accepted",
  no_recovery_kit: "No recovery kit",
};

export const PLAN_STATUS_SORT_LABELS: Record<PlanStatusSort, string> = {
  score: "Score",
  name: "Client",
  check_in: "Last check-in",
};

const sortAndFilter = {
  sort: z.enum(PLAN_STATUS_SORTS).default("score"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  filter: z.enum(PLAN_STATUS_FILTERS).default("all"),
};

/** GET /api/firm/plan-status: one page, sorted and filtered; `cursor` is the previous page's. */
export const planStatusQuerySchema = z.strictObject({
  ...sortAndFilter,
  cursor: z.string().max(PLAN_STATUS_CURSOR_MAX).optional(),
});
export type PlanStatusQuery = z.infer<typeof planStatusQuerySchema>;

/** GET /api/firm/plan-status.csv: every client of the firm, in the same sort and filter. */
export const planStatusExportSchema = z.strictObject(sortAndFilter);
export type PlanStatusExportQuery = z.infer<typeof planStatusExportSchema>;

/**
 * One client's plan, as yes/no facts, the last check-in and a score: never a title, an address
 * or any content of the vault. Name and e-mail are the client's contact details the firm has.
 */
export type PlanStatusRowView = {
  clientId: string;
  name: string;
  email: string;
  hasReleasePlan: boolean;
  hasBeneficiaries: boolean;
  areKeysHandedOver: boolean;
  areVerifiersAccepted: boolean;
  hasRecoveryKit: boolean;
  /** ISO instant, or null when the client never set a release plan. */
  lastCheckInAt: string | null;
  /** 0 to 100: the share of the five checks met. */
  score: number;
};

/** GET /api/firm/plan-status: a page and the cursor of the next one (null at the end). */
export type PlanStatusPage = { clients: PlanStatusRowView[]; nextCursor: string | null };

/** The five checks, in the order of the table's columns and the CSV's: the CSV's heading, the table's. */
export const PLAN_STATUS_CHECKS = [
  ["hasReleasePlan", "Release plan set", "Release plan"],
  ["hasBeneficiaries", "Beneficiaries named", "Beneficiaries"],
  ["areKeysHandedOver", "Access keys handed over", "Keys handed over"],
  ["areVerifiersAccepted", "Verifiers accepted", "Verifiers accepted"],
  ["hasRecoveryKit", "Recovery kit saved", "Recovery kit"],
] as const satisfies readonly (readonly [keyof PlanStatusRowView, string, string])[];

export const PLAN_STATUS_CSV_COLUMNS = [
  "Client",
  "E-mail",
  ...PLAN_STATUS_CHECKS.map(([, label]) => label),
  "Last check-in",
  "Score",
];

export const PLAN_STATUS_MSG = {
  title: "Plan status",
  description:
    "How complete each client's plan is: yes or no for each step, and when they last checked in. Never what is inside their vault.",
  loadFailed: "The plan status could not be loaded.",
  loading: "Loading plan status...",
  empty: "No clients match this filter.",
  noClients: "Your firm has no clients yet.",
  download: "Download CSV",
  more: "Show more",
  never: "Never",
  badCursor: "This page link is no longer valid: open the plan status from its first page.",
  caption: "Plan status of your firm's clients",
  scoreHelp: "Score: the share of the five steps done, from 0 to 100.",
};
