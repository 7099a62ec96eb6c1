import { Hono } from "hono";
import { APP_MSG } from "../../common/app.js";
import { AUTH_MSG } from "../../common/auth.js";
import { PASSKEY_MSG } from "../../common/passkeys.js";
import { TWO_FACTOR_MSG } from "../../common/two-factor.js";
import { JSON_BODY_MAX_BYTES } from "../../common/request-limits.js";
import { recordAudit } from "../audit/record.js";
import { auditRefusal } from "../audit/refusals.js";
import { AppError, type ErrorCode } from "../errors.js";
import { jsonBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { CLIENT_IP_HEADER } from "./auth.js";

/** better-auth's error codes, in the spec's words where the spec has them. */
const AUTH_MESSAGES: Record<string, string> = {
  EMAIL_NOT_VERIFIED: AUTH_MSG.emailNotConfirmed,
  INVALID_EMAIL_OR_PASSWORD: "Invalid email or password",
  INVALID_CODE: AUTH_MSG.mfaInvalid,
  OTP_HAS_EXPIRED: "The verification code has expired. Please sign in again.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many attempts. Please sign in again to get a new code.",
  INVALID_TWO_FACTOR_COOKIE: "Your sign-in has expired. Please sign in again.",
  INVALID_BACKUP_CODE: TWO_FACTOR_MSG.recoveryInvalid,
  ACCOUNT_TEMPORARILY_LOCKED: TWO_FACTOR_MSG.factorsLocked,
  INVALID_TOKEN: AUTH_MSG.linkInvalid,
  TOKEN_EXPIRED: AUTH_MSG.linkInvalid,
  INVALID_PASSWORD: AUTH_MSG.currentPasswordWrong,
  PASSWORD_TOO_SHORT: AUTH_MSG.passwordTooShort,
  PASSWORD_TOO_COMMON: AUTH_MSG.commonPassword,
  // the passkey sign-in (decision 056): one message, whichever check refused it
  PASSKEY_NOT_FOUND: PASSKEY_MSG.signInFailed,
  AUTHENTICATION_FAILED: PASSKEY_MSG.signInFailed,
  CHALLENGE_NOT_FOUND: PASSKEY_MSG.signInFailed,
  PASSKEY_USER_NOT_VERIFIED: PASSKEY_MSG.signInFailed,
};

/** The sign-ins whose failures are audited: the password step and the passkey. */
const SIGN_IN_PATHS = /\/(sign-in\/email|passkey\/verify-authentication)$/;
/** A refused passkey is a failed sign-in, not a lost session: 400, never 401 (which the web app reads as "signed out"). */
const isPasskeySignIn = (path: string) => path.endsWith("/passkey/verify-authentication");

const STATUS_CODE: Record<number, ErrorCode> = {
  400: "VALIDATION",
  401: "UNAUTHENTICATED",
  403: "UNAUTHENTICATED",
  404: "NOT_FOUND",
  422: "VALIDATION",
  429: "RATE_LIMITED",
};

/** better-auth endpoints for what the app does not do (social sign-in, deleting an account): a stranger's call to them was logged as an error. */
const UNSERVED =
  /^\/api\/auth\/(callback\/|sign-in\/social$|link-social$|unlink-account$|refresh-token$|get-access-token$|account-info$|delete-user\/callback$)/;

/**
 * Mounts better-auth under /api/auth: gives it the socket's address (never a client-sent
 * header), turns its errors into the app's one error shape, and audits failed sign-ins.
 */
export const authHandler = new Hono<AppEnv>().all(
  "/*",
  jsonBody(JSON_BODY_MAX_BYTES),
  async (c) => {
    if (UNSERVED.test(c.req.path)) throw new AppError("NOT_FOUND");
    const { auth, db, database } = c.var.deps;
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.var.ip);
    const request = new Request(c.req.raw, { headers });
    const response = await auth.handler(request);
    if (response.status < 400) return response;

    if (response.status >= 500) {
      const isDown = await database.ping().then(
        () => false,
        () => true,
      );
      throw new AppError(isDown ? "DATABASE_UNAVAILABLE" : "INTERNAL");
    }
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    const code = body.code ?? "";
    if (SIGN_IN_PATHS.test(c.req.path)) {
      await recordAudit(db, {
        actorId: null,
        action: "auth.sign_in_failed",
        ip: c.var.ip,
        details: { reason: code || response.status },
      });
    }
    const message = AUTH_MESSAGES[code] ?? body.message ?? APP_MSG.unexpected;
    const status = isPasskeySignIn(c.req.path) && response.status !== 429 ? 400 : response.status;
    const error = new AppError(STATUS_CODE[status] ?? "VALIDATION", message);
    // better-auth answers its 429s (the sign-in code cap) rather than throwing them: audited like the app's own.
    if (error.code === "RATE_LIMITED")
      await auditRefusal(
        c.var.deps,
        {
          ip: c.var.ip ?? null,
          userId: c.var.user?.id ?? null,
          method: c.req.method,
          path: c.req.path,
        },
        error,
      );
    const out = c.json(
      {
        error: {
          code: error.code,
          message,
          authCode: code || undefined,
          requestId: c.var.requestId,
        },
      },
      status as 400,
    );
    response.headers.forEach((value, key) => {
      if (key.toLowerCase() === "set-cookie") out.headers.append(key, value);
    });
    const retryAfter = response.headers.get("retry-after");
    if (retryAfter) out.headers.set("Retry-After", retryAfter);
    return out;
  },
);
