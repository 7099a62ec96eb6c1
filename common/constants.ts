/** Numbers from the specification, used by server and web alike. */
export const COPIED_INDICATOR_MS = 3000;
export const QUERY_RETRY = 1;
export const QUERY_STALE_MS = 30_000;

export const ROLES = ["regular_user", "firm_staff", "firm_admin"] as const;
export type Role = (typeof ROLES)[number];
