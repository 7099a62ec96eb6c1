/** Numbers from the specification, used by server and web alike. */
export const INVITATION_TTL_DAYS = 7;
/** New firm codes (generated or chosen): 8 to 10 characters of FIRM_CODE_ALPHABET (docs/decisions/018). */
export const FIRM_CODE_LENGTH = 8;
export const FIRM_CODE_MAX_LENGTH = 10;
/** What the join and registration screens accept: older codes have 3 to 6 characters. */
export const FIRM_CODE_INPUT_MIN = 3;
export const FIRM_CODE_INPUT_MAX = 10;
export const FIRM_CODE_DEBOUNCE_MS = 500;
export const COPIED_INDICATOR_MS = 3000;
export const QUERY_RETRY = 1;
export const QUERY_STALE_MS = 30_000;

export const ROLES = ["regular_user", "firm_staff", "firm_admin"] as const;
export type Role = (typeof ROLES)[number];
