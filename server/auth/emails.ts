import { composeMail, type Mail } from "../mail/templates.js";
import { VERIFICATION_CODE_TTL_MINUTES } from "../../common/constants.js";

/** The auth messages. Links point at the web app's screens on APP_URL. */
export function confirmationMail(appUrl: string, to: string, name: string, token: string): Mail {
  const link = `${appUrl}/auth/callback?code=${encodeURIComponent(token)}&type=signup`;
  return composeMail(to, "Confirm your Legacy Vault account", [
    { text: `Hello ${name},` },
    { text: "Please confirm your e-mail address to activate your Legacy Vault account. The link works once and expires in one hour." },
    { link, label: "Confirm my e-mail address" },
    { text: "If you did not create an account, you can ignore this message." },
  ]);
}

export function existingAccountMail(appUrl: string, to: string): Mail {
  return composeMail(to, "Someone tried to register with your e-mail address", [
    { text: "Someone (perhaps you) tried to create a Legacy Vault account with this address, which already has an account." },
    { link: `${appUrl}/login`, label: "Sign in" },
    { link: `${appUrl}/reset-password`, label: "Forgot your password? Reset it" },
    { text: "If this was not you, no action is needed: nothing has changed." },
  ]);
}

export function resetPasswordMail(appUrl: string, to: string, token: string): Mail {
  const link = `${appUrl}/update-password?token=${encodeURIComponent(token)}`;
  return composeMail(to, "Reset your Legacy Vault password", [
    { text: "We received a request to reset the password of your Legacy Vault account. The link works once and expires in one hour." },
    { link, label: "Choose a new password" },
    { text: "If you did not ask for this, ignore this message: your password stays as it is." },
  ]);
}

export function signInCodeMail(to: string, code: string): Mail {
  return composeMail(to, `Your Legacy Vault verification code: ${code}`, [
    { text: "Enter this verification code in Legacy Vault to continue:" },
    { code },
    { text: `It expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes and works once. If you did not ask for a code, change your password.` },
  ]);
}

/** Failed sign-ins on the account (docs/decisions/017): once per burst, and nothing in it grants anything. */
export function signInAttemptsMail(appUrl: string, to: string): Mail {
  return composeMail(to, "Someone is trying to sign in to your Legacy Vault account", [
    { text: "Someone is trying to sign in to your Legacy Vault account: there have been several attempts with a wrong password." },
    {
      text: "If it was you, you can ignore this message. If not, your account is safe as long as your password is not used anywhere else: each further wrong attempt makes the next one wait longer, and after many of them password sign-in stops until you choose a new password.",
    },
    { link: `${appUrl}/reset-password`, label: "Choose a new password" },
    { text: "We will not write again about these attempts unless they start again after a quiet hour." },
  ]);
}
