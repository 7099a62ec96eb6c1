/** App-wide texts and numbers (no single domain owns them): errors every screen can show, query settings, roles. */
export const APP_MSG = {
  unexpected: "An unexpected error occurred. Please try again.",
  /** After a server error's message: the answer's request id, which support finds in the server's log. */
  errorReference: (requestId: string) => `Reference: ${requestId}`,
  guardForbidden: "You don't have permission to access this page.",
  mustBeLoggedIn: "You must be logged in to access this page",
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
  databaseUnavailable: "The service is temporarily unavailable. Please try again shortly.",
  storageFull:
    "The server's storage is full, so nothing can be saved right now. What you saved before is safe and can still be read. Please try again later.",
  notFound: "Not found",
  invalidInput: "Please check the highlighted fields and try again.",
  /** An answer that is not JSON (a proxy's error page, a cut-off body): spec 01 §8. */
  invalidResponse: "Invalid response from server",
  /** A screen's script still missing after one reload (a deploy while the tab was open). */
  screenLoadFailedTitle: "This screen could not be loaded",
  screenLoadFailed:
    "Legacy Vault was probably updated while this page was open, and reloading once did not bring the new version. Reload the page to try again; nothing you saved is lost.",
} as const;

/**
 * The guards' own refusals (spec 02 §6), here rather than in the domains' contracts so that the
 * router (in the entry chunk) does not load zod with them.
 */
export const GUARD_MSG = {
  manageStaff: "You don't have permission to manage staff",
  inviteStaff: "You don't have permission to invite staff members",
  viewClients: "You don't have permission to view client dashboards",
} as const;

export const COPIED_INDICATOR_MS = 3000;
export const QUERY_RETRY = 1;
export const QUERY_STALE_MS = 30_000;

/**
 * Gateway answers (502, 503, 504) are retried (spec 01 §8: retryable), with exponential backoff
 * from 200 ms for at most 30 s (spec 01 §4, §9), by the API client, for reads only: a write that
 * reached the server before the gateway gave up is not sent twice.
 */
export const GATEWAY_RETRY = {
  statuses: [502, 503, 504] as readonly number[],
  firstDelayMs: 200,
  withinMs: 30_000,
} as const;

export const ROLES = ["regular_user", "firm_staff", "firm_admin", "firm_assistant"] as const;
export type Role = (typeof ROLES)[number];
/**
 * The firm's members who see its client list and client profiles: admins, staff and read-only
 * assistants (issue 38, item 4; decision 084).
 */
export const CLIENT_READER_ROLES = ["firm_admin", "firm_staff", "firm_assistant"] as const;
/** Those who also invite clients and keep the firm's reference and notes: never an assistant. */
export const CLIENT_EDITOR_ROLES = ["firm_admin", "firm_staff"] as const;
export const hasRole = (roles: readonly Role[], role: Role | null | undefined): boolean =>
  !!role && roles.includes(role);
