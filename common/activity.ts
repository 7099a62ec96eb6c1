import { z } from "zod";
import { parseUserAgent } from "./user-agent.js";

/**
 * The activity timeline (issue 15, point 8; docs/decisions/040-activity-timeline.md): the audit
 * log's events about one account (GET /api/activity) or one firm (GET /api/firm/activity), newest
 * first, in plain words. Only the actions listed here are ever shown.
 */

/** The owner's filter: which kinds of event about their account and vault. */
export const ACTIVITY_KINDS = {
  sign_in: [
    "auth.session_created",
    "auth.code_failed",
    "auth.session_revoked",
    "auth.other_sessions_revoked",
    "auth.email_change_requested",
    "auth.email_changed",
    "auth.email_change_undone",
    "auth.factor_added",
    "auth.factor_removed",
    "auth.recovery_codes_renewed",
    "auth.recovery_code_used",
    "auth.passkey_added",
    "auth.passkey_renamed",
    "auth.passkey_removed",
    "auth.email_change_cancelled",
    "account.deletion_requested",
    "account.deletion_cancelled",
  ],
  items: ["asset.created", "asset.updated", "asset.deleted"],
  keys: [
    "vault.key_fetched",
    "keys.beneficiary_key_created",
    "keys.access_key_handed_over",
    "keys.escrow_chosen",
  ],
  firm: [
    "impersonation.started",
    "client_dashboard.viewed",
    "impersonation.ended",
    "firm.joined",
    "invitation.accepted",
    "firm.left",
    "firm.claimed",
    "staff.role_changed",
    "staff.removed",
  ],
  release: [
    "release.plan_changed",
    "release.check_in",
    "release.reminder_sent",
    "release.started",
    "release.document_added",
    "release.wait_reminder_sent",
    "release.cancelled",
    "release.released",
    "release.access_ended",
    // verifiers (decision 081): the owner's own steps and each verifier's answers
    "verifier.invited",
    "verifier.invitation_resent",
    "verifier.removed",
    "verifier.threshold_changed",
    "verifier.accepted",
    "verifier.declined",
    "verifier.check_answered",
  ],
  beneficiaries: [
    "legacy.signed_in",
    "legacy.item_viewed",
    "legacy.file_downloaded",
    "release.item_delivered",
    "release.fallback_activated",
    "release.beneficiary_reported_dead",
  ],
} as const;

/** The firm admin's filter: which kinds of event about their firm. */
export const FIRM_ACTIVITY_KINDS = {
  invitations: [
    "invitation.sent",
    "invitation.resent",
    "invitation.revoked",
    "client_import.started",
    "client_import.finished",
    "reminders.started",
    "reminders.finished",
  ],
  codes: ["firm_code.created", "firm_code.deactivated"],
  members: [
    "firm.created",
    "firm.claimed",
    "firm.joined",
    "invitation.accepted",
    "firm.left",
    "staff.role_changed",
    "staff.removed",
  ],
  views: ["impersonation.started", "client_dashboard.viewed", "impersonation.ended"],
  attestations: ["release.started", "release.beneficiary_reported_dead"],
  details: [
    "firm.updated",
    "firm.logo_changed",
    "firm_activity.exported",
    "plan_status.exported",
    "reminders.template_saved",
  ],
} as const;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export type FirmActivityKind = keyof typeof FIRM_ACTIVITY_KINDS;

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  sign_in: "Sign-ins and your account",
  items: "Passwords, documents and notes",
  keys: "Vault keys",
  firm: "Your firm",
  release: "Release steps",
  beneficiaries: "Beneficiaries",
};

export const FIRM_ACTIVITY_KIND_LABELS: Record<FirmActivityKind, string> = {
  invitations: "Invitations",
  codes: "Firm codes",
  members: "Joins, leaves and staff changes",
  views: "Views as client",
  attestations: "Attestations",
  details: "Firm details",
};

/** Events per page ("Load more" reads the next one). */
export const ACTIVITY_PAGE_SIZE = 20;

const kindNames = <K extends string>(kinds: Record<K, unknown>) =>
  Object.keys(kinds) as [K, ...K[]];

/** A cursor is the id of the last event on the page shown (the server reads on from its place). */
const cursorSchema = z
  .string()
  .regex(/^[1-9]\d{0,17}$/, "This page link is no longer valid")
  .optional();

export const activityQuerySchema = z.object({
  cursor: cursorSchema,
  type: z.enum(kindNames(ACTIVITY_KINDS)).optional(),
});
export const firmActivityQuerySchema = z.object({
  cursor: cursorSchema,
  type: z.enum(kindNames(FIRM_ACTIVITY_KINDS)).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
/** GET /api/firm/activity.csv: the same filter, no cursor (the whole trail, newest first). */
export const firmActivityExportSchema = firmActivityQuerySchema.pick({ type: true });
/** The most events one download holds (newest first); the file ends with a line saying so when there were more. */
export const FIRM_ACTIVITY_EXPORT_MAX = 100_000;
export const FIRM_ACTIVITY_CSV_COLUMNS = ["Time (UTC)", "Kind", "Event"] as const;
export type FirmActivityQuery = z.infer<typeof firmActivityQuerySchema>;

/** One event as a timeline shows it: never an address, a key, a code or any vault content. */
export type ActivityEvent = {
  id: string;
  at: string;
  kind: ActivityKind | FirmActivityKind;
  /**
   * The event in plain words, e.g. "Jane Smith (Smith & Co) viewed your vault as client". An item
   * is named by its type only ("You changed the note", "a password" once deleted): titles are
   * sealed (docs/decisions/080).
   */
  text: string;
  /** The item the event names (an item's change, a beneficiary's opening), for the owner's browser to show its opened title. */
  itemId?: string;
};
export type ActivityPage = {
  events: ActivityEvent[];
  /** Pass back as `cursor` for the next (older) page; null when this page is the last. */
  cursor: string | null;
};

/** The browser and system a sign-in came from, as the audit row keeps them (not the header). */
export function deviceOf(userAgent: string | null | undefined) {
  const { browser, os } = parseUserAgent(userAgent);
  return { browser, os };
}

export const ACTIVITY_MSG = {
  title: "Activity",
  ownerIntro: "Everything that happened on your account and vault, newest first.",
  firmTitle: "Firm activity",
  firmIntro: "Invitations, codes, joins, staff changes, views as client and attestations.",
  filterLabel: "Show",
  allKinds: "All activity",
  empty: "No activity yet.",
  emptyFiltered: "No activity of this kind yet.",
  loadMore: "Load more",
  loadingMore: "Loading...",
  loadFailed: "Failed to load activity",
  viewActivity: "View activity",
  download: "Download CSV",
  exportTruncated: (max: number) =>
    `Only the newest ${max.toLocaleString("en-GB")} events are in this file: choose a kind to download older ones.`,
} as const;
