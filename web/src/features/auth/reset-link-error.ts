import { AUTH_MSG } from "@common/auth";
import { ApiError } from "@/lib/api-client";

const TOKEN_CODES = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED"]);

/**
 * The reset link is used, expired or unknown: the only way on is a new link. A refused token
 * answers INVALID_TOKEN or TOKEN_EXPIRED (as better-auth's route did), 404, or 400 with the
 * link's message. `isCheck`: the first request (GET /api/vault/reset), which sends nothing but the
 * token, so any refusal but a rate limit is the link's.
 */
export function isInvalidResetLink(err: unknown, { isCheck = false } = {}): boolean {
  if (!(err instanceof ApiError)) return false;
  if (TOKEN_CODES.has(err.code) || (err.authCode && TOKEN_CODES.has(err.authCode))) return true;
  if (err.status === 404 || err.status === 410) return true;
  if (err.status === 400 && (isCheck || err.message === AUTH_MSG.linkInvalid)) return true;
  return isCheck && err.status === 401;
}
