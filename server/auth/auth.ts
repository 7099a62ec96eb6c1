import { createHmac } from "node:crypto";
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import {
  EMAIL_LINK_TTL_SECONDS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SESSION_TTL_SECONDS,
  VERIFICATION_CODE_MAX_TRIES,
  VERIFICATION_CODE_TTL_MINUTES,
} from "../../common/auth.js";
import {
  AUTHENTICATOR_CODE_LENGTH,
  AUTHENTICATOR_PERIOD_SECONDS,
  SECOND_FACTOR_LOCK_AFTER,
  SECOND_FACTOR_LOCK_SECONDS,
} from "../../common/two-factor.js";

import type { AuthOptions } from "../auth-options.js";
import { recordAudit } from "../audit/record.js";
import type { Db } from "../db/client.js";
import { describeError, type Logger } from "../logger.js";
import * as schema from "../db/schema/index.js";
import type { Mail } from "../mail/templates.js";
import { noticeNewDevice } from "../sessions/new-device.js";
import { clearAccountFailures } from "../rate-limit/sign-in-lockout.js";
import { auditFailedCodes } from "./code-audit.js";
import {
  confirmationMail,
  existingAccountMail,
  resetPasswordMail,
  signInCodeMail,
} from "./emails.js";
import { hashPassword, verifyPassword } from "./password.js";
import { limitSignInCodes } from "./sign-in-code-limit.js";
import {
  guardSignInFactors,
  newRecoveryCodes,
  noticeRecoveryCodeUse,
  rememberUsedTotp,
} from "./sign-in-factors.js";
import { deviceOf } from "../../common/activity.js";
import { requireVerifiedUser } from "./passkey-checks.js";

export const CLIENT_IP_HEADER = "x-lv-client-ip";

/**
 * What the passkey plugin logs as an error when a browser's WebAuthn answer does not check out
 * (wrong challenge, malformed fields): the client's bad input, answered 400, not the server's fault.
 */
const REFUSED_PASSKEY_ANSWER = /^Failed to verify (authentication|registration)$/;

type AuthDeps = {
  db: Db;
  appUrl: string;
  secret: string;
  sendMail: (mail: Mail) => Promise<void>;
  log: Logger;
  /** A new account's profile (server/profiles/), made before anything else of the account. */
  onUserCreated: (user: NewUser) => Promise<void>;
  /** Each sign-in is a check-in of the release plan (server/release/check-in.ts). Must not throw. */
  onSignIn: (userId: string) => Promise<void>;
  /**
   * An account opened its confirmation link, whose token has been checked: it owns its address
   * (a firm waiting for it as its admin is claimed, decision 073). Runs before the account is
   * marked confirmed, so that if it throws the link still works.
   */
  onAddressConfirmed: (userId: string) => Promise<void>;
};

/** A new account, as better-auth's hook gives it to onUserCreated. */
export type NewUser = { id: string; name: string; email: string };

/** better-auth, configured for Legacy Vault. Sign-up goes through POST /api/register only. */
export function createAuth({
  db,
  appUrl,
  secret,
  sendMail,
  log,
  onUserCreated,
  onSignIn,
  onAddressConfirmed,
}: AuthDeps) {
  // A 6-digit code has a million values: an unkeyed hash in the database is as good as the code itself.
  const hashCode = (code: string) =>
    createHmac("sha256", secret).update(`two-factor-code:${code}`).digest("base64url");
  return betterAuth<AuthOptions>({
    appName: "Legacy Vault",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [appUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        passkey: schema.passkey,
      },
    }),
    // The actor's role and firm, copied from the profile by PostgreSQL (migration 0016): they come
    // with every session lookup. Never written through better-auth (input: false).
    user: {
      additionalFields: {
        role: { type: "string", required: false, input: false },
        firmId: { type: "string", required: false, input: false },
      },
    },
    disabledPaths: [
      "/sign-up/email",
      "/update-user",
      // Served as /api/email-change (server/email-change/, decision 043): a password check, an undo link.
      "/change-email",
      "/delete-user",
      // Served as /api/two-factor (server/two-factor/, decision 052): the password check, the audit
      // row and the notice mail go with them. verify-totp and verify-backup-code stay open for the
      // sign-in's second step only (guardSignInFactors).
      "/two-factor/enable",
      "/two-factor/get-totp-uri",
      "/two-factor/generate-backup-codes",
      "/two-factor/view-backup-codes",
      // Served as /api/vault/key/password and /api/vault/reset (server/keys/, decision 038): they
      // store the browser's new key wraps in the same transaction as the new password hash.
      "/change-password",
      "/reset-password",
      // Served as /api/sessions (server/sessions/): better-auth's answers carry every session's token.
      "/list-sessions",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
      // Served as /api/passkeys (server/passkeys/, decision 056): the password check, the audit row
      // and the notice mail go with them. generate-authenticate-options and verify-authentication
      // stay open: they are the passkey sign-in.
      "/passkey/generate-register-options",
      "/passkey/verify-registration",
      "/passkey/list-user-passkeys",
      "/passkey/update-passkey",
      "/passkey/delete-passkey",
    ],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      // The link's token is used by POST /api/vault/reset (server/keys/password-reset-service.ts).
      resetPasswordTokenExpiresIn: EMAIL_LINK_TTL_SECONDS,
      sendResetPassword: async ({ user, token }) =>
        sendMail(resetPasswordMail(appUrl, user.email, token)),
      onExistingUserSignUp: async ({ user }) => sendMail(existingAccountMail(appUrl, user.email)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) =>
        sendMail(confirmationMail(appUrl, { to: user.email, name: user.name, token })),
      beforeEmailVerification: async (user) => onAddressConfirmed(user.id),
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: 60 * 60 * 24,
      // Written by server/sessions/ (never through better-auth): it comes with every session lookup.
      additionalFields: { lastSeenAt: { type: "date", required: false, input: false } },
    },
    // Reset tokens and two-factor challenge ids are looked up by a SHA-256 of themselves, never stored in clear.
    verification: { storeIdentifier: "hashed" },
    // Its messages go to the app's logger; its unexpected errors to the app's one error handler (503/500, logged once).
    logger: {
      log: (level, message, ...args: unknown[]) => {
        const detail = args
          .map((a) => (a instanceof Error ? describeError(a, { withStack: true }) : String(a)))
          .join(" ");
        const isError = level === "error" && !REFUSED_PASSKEY_ANSWER.test(message);
        (isError ? log.error : log.debug)(`better-auth: ${message}${detail ? ` ${detail}` : ""}`);
      },
    },
    onAPIError: { throw: true },
    rateLimit: { enabled: false }, // server/rate-limit applies one limiter to every route (docs/decisions/003)
    advanced: {
      cookiePrefix: "lv",
      useSecureCookies: appUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    // No OpenTelemetry spans around every better-auth call: nothing here collects them (issue 13).
    experimental: { instrumentation: { enabled: false } },
    databaseHooks: {
      // Every new account: its profile (onUserCreated). Its data key comes with the keys its browser made
      // (server/keys/owner-keys-service.ts), or escrowed on its first GET /api/vault/key (decision 038).
      user: {
        create: {
          after: async (user) => {
            await onUserCreated({ id: user.id, name: user.name, email: user.email });
            // Failed sign-ins counted against the address before it had an account are not its owner's (decision 017).
            await clearAccountFailures(db, user.email);
          },
        },
      },
      session: {
        create: {
          after: async (session, context) => {
            await recordAudit(db, {
              actorId: session.userId,
              action: "auth.session_created",
              ownerId: session.userId,
              ip: session.ipAddress ?? null,
              // the activity timeline's "from Chrome on macOS": the browser and system, not the header
              details: deviceOf(session.userAgent),
            });
            // "Was this you?" for a device the account has not used (docs/decisions/035).
            await noticeNewDevice(
              { db, appUrl, secret, sendMail },
              { ...session, path: context?.path },
            );
            await onSignIn(session.userId);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/two-factor/send-otp") return limitSignInCodes(ctx, db); // docs/decisions/018
        return guardSignInFactors(ctx); // docs/decisions/052
      }),
      after: createAuthMiddleware(async (ctx) => {
        await auditFailedCodes(ctx, { db, ipHeader: CLIENT_IP_HEADER });
        await noticeRecoveryCodeUse(ctx, { db, sendMail, ipHeader: CLIENT_IP_HEADER });
        await rememberUsedTotp(ctx);
      }),
    },
    plugins: [
      twoFactor({
        otpOptions: {
          period: VERIFICATION_CODE_TTL_MINUTES,
          storeOTP: { hash: async (code) => hashCode(code) },
          allowedAttempts: VERIFICATION_CODE_MAX_TRIES,
          sendOTP: async ({ user, otp }) => sendMail(signInCodeMail(user.email, otp)),
        },
        // Authenticator apps and recovery codes (decision 052). The secret and the codes are stored
        // encrypted under the auth secret (better-auth's default), never in clear.
        issuer: "Legacy Vault",
        totpOptions: { digits: AUTHENTICATOR_CODE_LENGTH, period: AUTHENTICATOR_PERIOD_SECONDS },
        backupCodeOptions: { customBackupCodesGenerate: newRecoveryCodes },
        // Wrong codes of any kind at sign-in, in a row, before every factor of the account waits.
        accountLockout: {
          enabled: true,
          maxFailedAttempts: SECOND_FACTOR_LOCK_AFTER,
          durationSeconds: SECOND_FACTOR_LOCK_SECONDS,
        },
        twoFactorCookieMaxAge: VERIFICATION_CODE_TTL_MINUTES * 60,
      }),
      // Passkeys (decision 056): the relying party is APP_URL's host, and only APP_URL's origin is
      // accepted (never the request's Origin header). Discoverable credentials, so that /login asks
      // for no e-mail; the device must verify its user (fingerprint, face, PIN), since a passkey
      // stands for the password and the second step together.
      passkey({
        rpID: new URL(appUrl).hostname,
        rpName: "Legacy Vault",
        origin: new URL(appUrl).origin,
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        registration: { afterVerification: requireVerifiedUser },
        authentication: { afterVerification: requireVerifiedUser },
        advanced: { webAuthnChallengeCookie: "passkey-challenge" },
      }),
    ],
    telemetry: { enabled: false },
  });
}
