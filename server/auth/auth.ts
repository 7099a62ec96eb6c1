import { createHmac } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import {
  EMAIL_LINK_TTL_SECONDS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SESSION_TTL_SECONDS,
  VERIFICATION_CODE_MAX_TRIES,
  VERIFICATION_CODE_TTL_MINUTES,
  AUTH_MSG,
} from "../../common/auth.js";

import { recordAudit } from "../audit/record.js";
import type { Db } from "../db/client.js";
import type { DataKeyWrapper } from "../keys/data-key.js";
import { describeError, type Logger } from "../logger.js";
import * as schema from "../db/schema/index.js";
import type { Mail } from "../mail/templates.js";
import { createProfileForNewUser } from "../profiles/service.js";
import { accountKey } from "../rate-limit/accounts.js";
import { noticeNewDevice } from "../sessions/new-device.js";
import { clearSignInFailures } from "../rate-limit/sign-in-queries.js";
import { createDataKeyForNewUser } from "../keys/create-data-key.js";
import { auditFailedCodes } from "./code-audit.js";
import {
  confirmationMail,
  existingAccountMail,
  resetPasswordMail,
  signInCodeMail,
} from "./emails.js";
import { hashPassword, isCommonPassword, verifyPassword } from "./password.js";
import { limitSignInCodes } from "./sign-in-code-limit.js";

export const CLIENT_IP_HEADER = "x-lv-client-ip";

type AuthDeps = {
  db: Db;
  appUrl: string;
  secret: string;
  sendMail: (mail: Mail) => Promise<void>;
  log: Logger;
  dataKeys: DataKeyWrapper;
  /** Each sign-in is a check-in of the release plan (server/release/check-in.ts). Must not throw. */
  onSignIn: (userId: string) => Promise<void>;
};

/** better-auth, configured for Legacy Vault. Sign-up goes through POST /api/register only. */
export function createAuth({ db, appUrl, secret, sendMail, log, dataKeys, onSignIn }: AuthDeps) {
  // A 6-digit code has a million values: an unkeyed hash in the database is as good as the code itself.
  const hashCode = (code: string) =>
    createHmac("sha256", secret).update(`two-factor-code:${code}`).digest("base64url");
  return betterAuth({
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
      "/change-email",
      "/delete-user",
      "/two-factor/enable",
      "/two-factor/get-totp-uri",
      "/two-factor/verify-totp",
      "/two-factor/generate-backup-codes",
      "/two-factor/verify-backup-code",
      "/two-factor/view-backup-codes",
      // Served as /api/sessions (server/sessions/): better-auth's answers carry every session's token.
      "/list-sessions",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
    ],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: EMAIL_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) =>
        sendMail(resetPasswordMail(appUrl, user.email, token)),
      onExistingUserSignUp: async ({ user }) => sendMail(existingAccountMail(appUrl, user.email)),
      // A new password chosen through the e-mailed link lifts the sign-in lock (docs/decisions/017).
      onPasswordReset: async ({ user }) => clearSignInFailures(db, accountKey(user.email)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) =>
        sendMail(confirmationMail(appUrl, { to: user.email, name: user.name, token })),
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
        (level === "error" ? log.error : log.debug)(
          `better-auth: ${message}${detail ? ` ${detail}` : ""}`,
        );
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
    databaseHooks: {
      // Every new account: its profile, and its vault data key (docs/decisions/009).
      user: {
        create: {
          after: async (user) => {
            await createProfileForNewUser(db, { id: user.id, name: user.name, email: user.email });
            await createDataKeyForNewUser(db, dataKeys, user.id);
            // Failed sign-ins counted against the address before it had an account are not its owner's (decision 017).
            await clearSignInFailures(db, accountKey(user.email));
          },
        },
      },
      session: {
        create: {
          after: async (session, context) => {
            await recordAudit(db, {
              actorId: session.userId,
              action: "auth.session_created",
              ip: session.ipAddress ?? null,
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
        if (ctx.path !== "/reset-password" && ctx.path !== "/change-password") return;
        const body = ctx.body as { newPassword?: unknown } | undefined;
        if (typeof body?.newPassword === "string" && isCommonPassword(body.newPassword)) {
          throw new APIError("BAD_REQUEST", {
            message: AUTH_MSG.commonPassword,
            code: "PASSWORD_TOO_COMMON",
          });
        }
      }),
      after: auditFailedCodes(db, CLIENT_IP_HEADER),
    },
    plugins: [
      twoFactor({
        otpOptions: {
          period: VERIFICATION_CODE_TTL_MINUTES,
          storeOTP: { hash: async (code) => hashCode(code) },
          allowedAttempts: VERIFICATION_CODE_MAX_TRIES,
          sendOTP: async ({ user, otp }) => sendMail(signInCodeMail(user.email, otp)),
        },
        twoFactorCookieMaxAge: VERIFICATION_CODE_TTL_MINUTES * 60,
      }),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
