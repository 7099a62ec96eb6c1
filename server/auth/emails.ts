import { composeMail, type Mail } from "../mail/templates.js";
import { EMAIL_LINK_TTL_SECONDS, VERIFICATION_CODE_TTL_MINUTES } from "../../common/auth.js";
import { TWO_FACTOR_MSG } from "../../common/two-factor.js";

/** When a link or code made now stops working: better-auth is given the same lifetimes (server/auth/auth.ts). */
const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** The auth messages. Links point at the web app's screens on APP_URL. */
export function confirmationMail(
  appUrl: string,
  { to, name, token }: { to: string; name: string; token: string },
): Mail {
  const link = `${appUrl}/auth/callback?code=${encodeURIComponent(token)}&type=signup`;
  return composeMail(
    {
      template: "confirm-email",
      to,
      subject: "Confirm your Legacy Vault account",
      expiresAt: expiresIn(EMAIL_LINK_TTL_SECONDS),
    },
    [
      { text: `Hello ${name},` },
      {
        text: "Please confirm your e-mail address to activate your Legacy Vault account. The link works once and expires in one hour.",
      },
      { link, label: "Confirm my e-mail address" },
      { text: "If you did not create an account, you can ignore this message." },
    ],
  );
}

export function existingAccountMail(appUrl: string, to: string): Mail {
  return composeMail(
    {
      template: "existing-account",
      to,
      subject: "Someone tried to register with your e-mail address",
      expiresAt: null,
    },
    [
      {
        text: "Someone (perhaps you) tried to create a Legacy Vault account with this address, which already has an account.",
      },
      { link: `${appUrl}/login`, label: "Sign in" },
      { link: `${appUrl}/reset-password`, label: "Forgot your password? Reset it" },
      { text: "If this was not you, no action is needed: nothing has changed." },
    ],
  );
}

export function resetPasswordMail(appUrl: string, to: string, token: string): Mail {
  const link = `${appUrl}/update-password?token=${encodeURIComponent(token)}`;
  return composeMail(
    {
      template: "reset-password",
      to,
      subject: "Reset your Legacy Vault password",
      expiresAt: expiresIn(EMAIL_LINK_TTL_SECONDS),
    },
    [
      {
        text: "We received a request to reset the password of your Legacy Vault account. The link works once and expires in one hour.",
      },
      { link, label: "Choose a new password" },
      { text: "If you did not ask for this, ignore this message: your password stays as it is." },
    ],
  );
}

export function signInCodeMail(to: string, code: string): Mail {
  const head = {
    template: "sign-in-code",
    to,
    subject: `Your Legacy Vault verification code: ${code}`,
    expiresAt: expiresIn(VERIFICATION_CODE_TTL_MINUTES * 60),
  };
  return composeMail(head, [
    { text: "Enter this verification code in Legacy Vault to continue:" },
    { code },
    {
      text: `It expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes and works once. If you did not ask for a code, change your password.`,
    },
  ]);
}

/** After a sign-in with a recovery code: how many are left, and what to do when they run low. */
export function recoveryCodeUsedMail({ to, left }: { to: string; left: number }): Mail {
  return composeMail(
    {
      template: "two-factor-recovery-code-used",
      to,
      subject: TWO_FACTOR_MSG.recoveryUsedSubject,
      expiresAt: null,
    },
    [
      {
        text: "A recovery code was just used to sign in to your Legacy Vault account. It will not work again.",
      },
      {
        text: `${TWO_FACTOR_MSG.recoveryLeft(left)} You can make a new set on your profile, under Sign-in protection.`,
      },
      { text: TWO_FACTOR_MSG.ifNotYou },
    ],
  );
}
