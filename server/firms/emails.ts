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

/**
 * To each admin of a firm a client has just left (decision 047): the firm's access ended at once.
 * Names the client (the admins knew them as a client until now); no link, nothing to do.
 */
export function clientLeftMail(head: {
  appUrl: string;
  to: string;
  firmName: string;
  client: { name: string; email: string };
}): Mail {
  const { appUrl, to, firmName, client } = head;
  return composeMail(
    {
      template: "client-left-firm",
      to,
      subject: `${client.name} left ${firmName}`,
      expiresAt: null,
    },
    [
      {
        text: `${client.name} (${client.email}) has left ${firmName} on Legacy Vault. They are no longer in your client list, and nobody at the firm can view their vault as client any more.`,
      },
      {
        text: "The firm's reference and notes about them are kept, and show again if they join the firm again with a firm code or an invitation.",
      },
      { link: `${appUrl}/clients`, label: "Your client list" },
    ],
  );
}
