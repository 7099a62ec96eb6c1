import { composeMail, type Mail } from "../mail/templates.js";

/**
 * A message is delivered: the recipient is told who it is from and how to open it, never its title
 * or anything of its content (they are sealed; the server cannot read them anyway).
 */
export function messageDeliveredMail(
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
      template: "message-delivered",
      to,
      subject: `${ownerName} left you a message for today`,
      expiresAt: null,
    },
    [
      { text: `Hello ${name ?? "there"},` },
      {
        text: `${ownerName} left ${count === 1 ? "a message" : `${count} messages`} in their Legacy Vault to be given to you today.`,
      },
      {
        text: "Open the link below, confirm this e-mail address with a code we send you, and enter the access key you were given. You can open and download it for one year.",
      },
      { link: `${appUrl}/legacy?email=${encodeURIComponent(to)}`, label: "Open your message" },
    ],
  );
}
