import { PASSKEY_MSG } from "../../common/passkeys.js";
import { PROFILE_PATHS } from "../../common/profiles.js";
import { composeMail, type Mail } from "../mail/templates.js";

/** What changed: each one is told to the account's address (decision 056, as decision 052's factors). */
export type PasskeyChange = "passkey_added" | "passkey_removed";

const WHAT: Record<PasskeyChange, { subject: string; text: (name: string) => string }> = {
  passkey_added: {
    subject: PASSKEY_MSG.addedSubject,
    text: (name) =>
      `A passkey named "${name}" was just added to your Legacy Vault account. It signs you in without your password; your vault still asks for your password to open.`,
  },
  passkey_removed: {
    subject: PASSKEY_MSG.removedSubject,
    text: (name) =>
      `The passkey named "${name}" was just removed from your Legacy Vault account. It no longer signs you in.`,
  },
};

/** "Was this you?" after a passkey was added or removed. Grants nothing, holds no key. */
export function passkeyChangeMail(
  appUrl: string,
  { to, change, name }: { to: string; change: PasskeyChange; name: string },
): Mail {
  const { subject, text } = WHAT[change];
  return composeMail({ template: `passkey-${change}`, to, subject, expiresAt: null }, [
    { text: text(name) },
    { text: "Was this you? Then there is nothing to do." },
    {
      text: "If this was not you, someone has signed in to your account: choose a new password now, which signs out every device and removes every passkey.",
    },
    { link: `${appUrl}/reset-password`, label: "Choose a new password" },
    { link: `${appUrl}${PROFILE_PATHS.security}#passkeys`, label: "See your passkeys" },
  ]);
}
