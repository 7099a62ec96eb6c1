import { composeMail, type Mail } from "../mail/templates.js";

/** Failed sign-ins on the account (docs/decisions/017): once per burst, and nothing in it grants anything. */
export function signInAttemptsMail(appUrl: string, to: string): Mail {
  return composeMail(
    {
      template: "sign-in-attempts",
      to,
      subject: "Someone is trying to sign in to your Legacy Vault account",
      expiresAt: null,
    },
    [
      {
        text: "Someone is trying to sign in to your Legacy Vault account: there have been several attempts with a wrong password.",
      },
      {
        text: "If it was you, you can ignore this message. If not, your account is safe as long as your password is not used anywhere else: each further wrong attempt makes the next one wait longer, and after many of them password sign-in stops until you choose a new password.",
      },
      { link: `${appUrl}/reset-password`, label: "Choose a new password" },
      {
        text: "We will not write again about these attempts unless they start again after a quiet hour.",
      },
    ],
  );
}
