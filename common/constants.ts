/** Numbers from the specification, used by server and web alike. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const NAME_MIN_LENGTH = 2;
export const LOGIN_WARNING_AFTER = 3;
export const LOGIN_LOCKOUT_AT = 5;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const VERIFICATION_CODE_MAX_TRIES = 5;
export const COPIED_INDICATOR_MS = 3000;
export const QUERY_RETRY = 1;
export const QUERY_STALE_MS = 30_000;
export const DEFAULT_AFTER_LOGIN = "/dashboard";
export const CLIENTS_PAGE_SIZE = 10;
export const RECENT_ASSETS = 5;
/** 'View as Client' (issue 3) lists at most this many beneficiaries by name; the count covers all of them. */
export const CLIENT_DASHBOARD_BENEFICIARIES = 50;
export const EMAIL_LINK_TTL_SECONDS = 60 * 60;
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;

export const ROLES = ["regular_user", "firm_staff", "firm_admin"] as const;
export type Role = (typeof ROLES)[number];
