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

/**
 * An item reaches a fallback person (decision 096): the one before could not receive it. Who it
 * is from and how to open it; never the title, nor who was passed over.
 */
export function fallbackActivatedMail(
  appUrl: string,
  { to, name, ownerName }: { to: string; name: string | null; ownerName: string },
): Mail {
  return composeMail(
    {
      template: "fallback-activated",
      to,
      subject: `${ownerName} has left you something in Legacy Vault`,
      expiresAt: null,
    },
    [
      { text: `Hello ${name ?? "there"},` },
      {
        text: `${ownerName} named you to receive an item from their Legacy Vault if the person before you could not. It is now yours to open.`,
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
