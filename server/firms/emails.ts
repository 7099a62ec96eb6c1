import { composeMail, type Mail } from "../mail/templates.js";

/**
 * To an existing account whose address was given as a new firm's administrator at /firm-register
 * (decision 034): the page said the same as for a new address, so only this message tells the
 * owner what to do. The link works for this account only, after signing in and re-entering the
 * password, and only while the firm is unclaimed (24 hours).
 */
export function firmClaimLinkMail(head: {
  appUrl: string;
  to: string;
  firmName: string;
  firmId: string;
  token: string;
  expiresAt: Date;
}): Mail {
  const { appUrl, to, firmName, firmId, token, expiresAt } = head;
  const link = `${appUrl}/firm/new?firm=${encodeURIComponent(firmId)}&token=${encodeURIComponent(token)}`;
  return composeMail(
    { template: "firm-claim-link", to, subject: "Finish registering your law firm", expiresAt },
    [
      {
        text: `Someone (perhaps you) registered the law firm "${firmName}" on Legacy Vault and gave this address for its administrator. This address already has a Legacy Vault account, so no new account was created.`,
      },
      {
        text: "To make your account the firm's administrator, open this link, sign in if asked, and confirm with your password. The link works for 24 hours.",
      },
      { link, label: "Become the firm's administrator" },
      {
        text: "If this was not you, ignore this message: nothing changes unless you sign in and confirm.",
      },
    ],
  );
}
