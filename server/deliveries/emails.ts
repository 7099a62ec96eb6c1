import { composeMail, type Mail } from "../mail/templates.js";

/**
 * Items delivered later (decision 096) have reached their day: the beneficiary is told who they
 * are from and how many, never their titles (sealed; the server cannot read them anyway).
 */
export function itemsDeliveredMail(
  appUrl: string,
  {
    to,
    name,
    ownerName,
    count,
  }: { to: string; name: string | null; ownerName: string; count: number },
): Mail {
  return composeMail(
    {
      template: "items-delivered",
      to,
      subject: `More from ${ownerName}'s Legacy Vault is ready for you`,
      expiresAt: null,
    },
    [
      { text: `Hello ${name ?? "there"},` },
      {
        text: `${ownerName} chose that ${count === 1 ? "one more item" : `${count} more items`} in their Legacy Vault be given to you today.`,
      },
      {
        text: "Open the link below, confirm this e-mail address with a code we send you, and enter the access key you were given.",
      },
      {
        link: `${appUrl}/legacy?email=${encodeURIComponent(to)}`,
        label: "Open what was left to you",
      },
    ],
  );
}
