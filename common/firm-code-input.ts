/**
 * What the join and registration screens accept as a firm code: older codes have 3 to 6
 * characters. Kept apart from common/firm-codes.ts (which re-exports them) so that /register's
 * first paint reads them without loading zod (docs/decisions/058).
 */
export const FIRM_CODE_INPUT_MIN = 3;
export const FIRM_CODE_INPUT_MAX = 10;
