import { AUTH_MSG } from "@common/auth";
import { ApiError } from "@/lib/api-client";

/** Server answers whose own words help more than the generic text: the code expired, was tried too often, or the sign-in timed out. */
const TELLING_CODES = new Set([
  "OTP_HAS_EXPIRED",
  "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE",
  "INVALID_TWO_FACTOR_COOKIE",
]);

/** The /mfa message for a failed verification (spec 01 §8 Two-factor). */
export function mfaErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return AUTH_MSG.mfaFailed;
  if (err.authCode === "INVALID_CODE") return AUTH_MSG.mfaInvalid;
  if ((err.authCode && TELLING_CODES.has(err.authCode)) || err.status === 429) return err.message;
  return AUTH_MSG.mfaFailed;
}
