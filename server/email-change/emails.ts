import { EMAIL_CHANGE_UNDO_TTL_HOURS } from "../../common/email-change.js";
import { composeMail, type Mail } from "../mail/templates.js";

type Link = { token: string; expiresAt: Date };

const when = (d: Date) => d.toUTCString().replace(" GMT", " UTC");

/** To the new address: nothing changes until its owner opens the link. */
export function confirmEmailChangeMail(
  appUrl: string,
  { to, name, link }: { to: string; name: string; link: Link },
): Mail {
  return composeMail(
    {
      template: "email-change-confirm",
      to,
      subject: "Confirm your new Legacy Vault e-mail address",
      expiresAt: link.expiresAt,
    },
    [
      { text: `Hello ${name},` },
      {
        text: "You asked to use this address for your Legacy Vault account. Your address changes only when you open this link; it works once and expires in one hour.",
      },
      {
        link: `${appUrl}/email-change/confirm?token=${link.token}`,
        label: "Confirm my new address",
      },
      { text: "If you did not ask for this, ignore this message: nothing changes." },
    ],
  );
}

/** To a new address that has an account already: the same kind of answer as a sign-up with it (decision 043). */
export function addressTakenMail(appUrl: string, to: string): Mail {
  return composeMail(
    {
      template: "email-change-address-taken",
      to,
      subject: "Someone tried to move a Legacy Vault account to your e-mail address",
      expiresAt: null,
    },
    [
      {
        text: "Someone (perhaps you) asked to use this address for a Legacy Vault account, but this address already has an account of its own, so nothing has changed.",
      },
      { link: `${appUrl}/login`, label: "Sign in" },
      { text: "If this was not you, no action is needed." },
    ],
  );
}

/** To the old address once the change is made: the undo link, valid 72 hours. */
export function emailChangedMail(
  appUrl: string,
  { to, name, newEmail, undo }: { to: string; name: string; newEmail: string; undo: Link },
): Mail {
  return composeMail(
    {
      template: "email-change-notice",
      to,
      subject: "Your Legacy Vault e-mail address was changed",
      expiresAt: undo.expiresAt,
    },
    [
      { text: `Hello ${name},` },
      {
        text: `The e-mail address of your Legacy Vault account is now ${newEmail}. Messages about your account, your release plan and items left to you now go there.`,
      },
      {
        text: `If you did not make this change, undo it before ${when(undo.expiresAt)} (${EMAIL_CHANGE_UNDO_TTL_HOURS} hours): your address comes back, every device is signed out, and you should then choose a new password with 'Forgot password?'.`,
      },
      { link: `${appUrl}/email-change/undo?token=${undo.token}`, label: "Undo this change" },
    ],
  );
}
