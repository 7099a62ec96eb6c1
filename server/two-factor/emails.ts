import { PROFILE_PATHS } from "../../common/profiles.js";
import { TWO_FACTOR_MSG } from "../../common/two-factor.js";
import { composeMail, type Mail } from "../mail/templates.js";

/** What changed: each one is told to the account's address (decision 052). */
export type FactorChange =
  "authenticator_added" | "authenticator_removed" | "recovery_codes_renewed";

const WHAT: Record<FactorChange, { subject: string; text: string }> = {
  authenticator_added: {
    subject: TWO_FACTOR_MSG.authenticatorAddedSubject,
    text: "An authenticator app was just added to your Legacy Vault account. From now on, signing in asks for its code after your password.",
  },
  authenticator_removed: {
    subject: TWO_FACTOR_MSG.authenticatorRemovedSubject,
    text: "The authenticator app was just removed from your Legacy Vault account, with its recovery codes.",
  },
  recovery_codes_renewed: {
    subject: TWO_FACTOR_MSG.recoveryRenewedSubject,
    text: "New recovery codes were just made for your Legacy Vault account. The earlier codes no longer work.",
  },
};

/** "Was this you?" after a change to the account's sign-in protection. Grants nothing. */
export function factorChangeMail(
  appUrl: string,
  { to, change }: { to: string; change: FactorChange },
): Mail {
  const { subject, text } = WHAT[change];
  return composeMail({ template: `two-factor-${change}`, to, subject, expiresAt: null }, [
    { text },
    { text: "Was this you? Then there is nothing to do." },
    { text: TWO_FACTOR_MSG.ifNotYou },
    { link: `${appUrl}/reset-password`, label: "Choose a new password" },
    {
      link: `${appUrl}${PROFILE_PATHS.security}#sign-in-protection`,
      label: "See your sign-in protection",
    },
  ]);
}
