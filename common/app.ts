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
} as const;

export const COPIED_INDICATOR_MS = 3000;
export const QUERY_RETRY = 1;
export const QUERY_STALE_MS = 30_000;

export const ROLES = ["regular_user", "firm_staff", "firm_admin"] as const;
export type Role = (typeof ROLES)[number];
