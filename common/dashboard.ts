import type { AssetType, AssetView } from "./assets.js";
import type { ActivityEvent } from "./activity.js";

/** The signed-in owner's dashboard (spec 02 §2): how many recent items it lists. */
export const RECENT_ASSETS = 5;

/** A recent item: its title sealed (or clear until moved over) with the key that opens it (docs/decisions/080). */
export type RecentAssetView = Pick<
  AssetView,
  "id" | "type" | "title" | "encryptedTitle" | "wrappedKey" | "updatedAt"
>;

/** GET /api/dashboard (spec 02 §1, §9): counts per type, the most recently updated assets, the number of beneficiaries. No content. */
export type DashboardView = {
  counts: Record<AssetType, number>;
  recent: RecentAssetView[];
  beneficiaries: number;
};

/** The Firm Overview's "Your recent actions": how many of the caller's own latest firm events. */
export const RECENT_FIRM_ACTIONS = 5;

/**
 * GET /api/dashboard/firm (issue 16, point 8): the firm's numbers as the caller's role may see
 * them, and the caller's own latest actions in the firm's activity log. `staff` and `activeCodes`
 * are an admin's only (staff management and firm codes are theirs): a staff member's answer does
 * not carry them. `pendingInvitations` counts every pending invitation for an admin, and the
 * pending client invitations (the only ones staff may send) for staff.
 */
export type FirmOverviewView = {
  clients: number;
  pendingInvitations: number;
  staff?: number;
  activeCodes?: number;
  myActions: ActivityEvent[];
};

/** The Firm Overview's words (issue 16, point 8); the page keeps the spec's title "Firm Overview". */
export const FIRM_OVERVIEW_MSG = {
  title: "Firm Overview",
  numbersLabel: "Firm at a glance",
  clients: "Clients",
  staff: "Staff members",
  activeCodes: "Active firm codes",
  pendingInvitations: "Pending invitations",
  pendingClientInvitations: "Pending client invitations",
  numbersFailed: "Failed to load the firm's numbers",
  recentActions: "Your recent actions",
  recentActionsIntro: "What you last did in the firm, newest first.",
  noRecentActions: "Nothing yet. Invitations you send and client vaults you view appear here.",
} as const;
