import { composeMail, type Mail } from "../mail/templates.js";

/**
 * The e-mails of final wishes opened early (docs/decisions/097). Neither carries a token or a
 * title: each points to the portal, which asks for a code and the access key.
 */

/** To each person the wishes are left to, when the owner's death is confirmed. */
export function wishesOpenedMail(
  appUrl: string,
  a: { to: string; ownerName: string; byFirm: boolean },
): Mail {
  return composeMail(
    {
      template: "wishes-opened",
      to: a.to,
      subject: `${a.ownerName}'s wishes for their funeral`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      {
        text: `We are very sorry. ${a.byFirm ? `${a.ownerName}'s law firm` : `The people ${a.ownerName} chose to confirm it`} told Legacy Vault that ${a.ownerName} has died.`,
      },
      {
        text: `${a.ownerName} wrote down their wishes for their funeral and asked that you could read them straight away, to help you plan. You will need the access key ${a.ownerName} gave you.`,
      },
      { link: `${appUrl}/legacy`, label: "Read their wishes" },
    ],
  );
}

/** To the same people when the report is stopped during the wait: the wishes are no longer shown. */
export function wishesClosedMail(a: { to: string; ownerName: string }): Mail {
  return composeMail(
    {
      template: "wishes-closed",
      to: a.to,
      subject: `About ${a.ownerName}: the earlier message was stopped`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      {
        text: `We wrote to you earlier that ${a.ownerName} had died. That report has been withdrawn, and ${a.ownerName}'s wishes are no longer shown to you. We are sorry for the worry this caused.`,
      },
    ],
  );
}
