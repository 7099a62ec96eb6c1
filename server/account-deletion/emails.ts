import { composeMail, type Mail } from "../mail/templates.js";

const when = (d: Date) => d.toUTCString().replace(" GMT", " UTC");

/** To the person, when the grace period starts: the one-click cancel link works until the erasure. */
export function deletionScheduledMail(
  appUrl: string,
  { to, name, eraseAt, token }: { to: string; name: string; eraseAt: Date; token: string },
): Mail {
  return composeMail(
    {
      template: "account-deletion-scheduled",
      to,
      subject: "Your Legacy Vault account will be deleted",
      expiresAt: eraseAt,
    },
    [
      { text: `Hello ${name},` },
      {
        text: `You asked us to delete your Legacy Vault account. On ${when(eraseAt)} we erase it: your passwords, documents, notes, beneficiaries, keys and release plan, and your link to any firm. This cannot be undone.`,
      },
      {
        text: "If you did not ask for this, or changed your mind, cancel the deletion now. You can also sign in and cancel it from your profile.",
      },
      { link: `${appUrl}/account-deletion/cancel?token=${token}`, label: "Cancel the deletion" },
    ],
  );
}

/** To each administrator of the firm whose client's account was erased. */
export function clientErasedMail({
  to,
  firmName,
  clientName,
  clientEmail,
}: {
  to: string;
  firmName: string;
  clientName: string;
  clientEmail: string;
}): Mail {
  return composeMail(
    {
      template: "account-deletion-client-erased",
      to,
      subject: `A client of ${firmName} deleted their Legacy Vault account`,
      expiresAt: null,
    },
    [
      {
        text: `${clientName} (${clientEmail}), a client of ${firmName}, deleted their Legacy Vault account. Their vault, beneficiaries and release plan are erased, any release of their vault has ended, and they are no longer a client of ${firmName}.`,
      },
      { text: "Your firm's own records about them in Legacy Vault are erased too." },
    ],
  );
}
