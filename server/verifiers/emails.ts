import { composeMail, mailDay, type Mail } from "../mail/templates.js";

/** To a person the owner named: what the role is, and the link (7 days) that opens the invitation. */
export function verifierInviteMail(
  appUrl: string,
  a: { to: string; verifierName: string; ownerName: string; token: string; expiresAt: Date },
): Mail {
  return composeMail(
    {
      template: "verifier-invite",
      to: a.to,
      subject: `${a.ownerName} asks you to be a verifier in Legacy Vault`,
      expiresAt: a.expiresAt,
    },
    [
      { text: `Hello ${a.verifierName},` },
      {
        text: `${a.ownerName} has named you as one of the trusted people who would confirm, one day, that they have died or can no longer manage their affairs. You do not need an account, and you will never see what they keep in Legacy Vault.`,
      },
      { text: "Open the link to accept or decline. We will send a code to this address first." },
      { link: `${appUrl}/verifier/invite?token=${a.token}`, label: "Answer the invitation" },
      { text: `The link works until ${mailDay(a.expiresAt)}.` },
    ],
  );
}

/** `expiresAt`: the code's expiry, as stored with its hash (./service.ts). */
export function verifierCodeMail(to: string, code: string, expiresAt: Date): Mail {
  return composeMail(
    { template: "verifier-code", to, subject: "Your Legacy Vault code", expiresAt },
    [
      {
        text: "Use this code to answer the invitation to be a verifier. It expires in 10 minutes.",
      },
      { code },
      { text: "If you did not ask for this code, you can ignore this message." },
    ],
  );
}

/** To each admin of the owner's firm: the firm is named; an admin answers on the client's page (no token). */
export function firmVerifierInviteMail(
  appUrl: string,
  a: { to: string; ownerName: string; clientId: string },
): Mail {
  return composeMail(
    {
      template: "verifier-firm-invite",
      to: a.to,
      subject: `${a.ownerName} asks your firm to be a verifier`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      {
        text: `Your client ${a.ownerName} has named your firm as one of the verifiers who would confirm, one day, that they have died or can no longer manage their affairs. Any administrator of the firm can accept or decline for the firm.`,
      },
      { link: `${appUrl}/clients/${a.clientId}`, label: "Open the client's page" },
    ],
  );
}

/** Once a year to an accepted verifier (each admin, for the firm): one click says they can still be reached. */
export function verifierCheckMail(
  appUrl: string,
  a: { to: string; greeting: string; ownerName: string; token: string; expiresAt: Date },
): Mail {
  return composeMail(
    {
      template: "verifier-check",
      to: a.to,
      subject: `Can we still reach you? You are a verifier for ${a.ownerName}`,
      expiresAt: a.expiresAt,
    },
    [
      { text: `Hello ${a.greeting},` },
      {
        text: `You agreed to be a verifier for ${a.ownerName}. Once a year we check that this address still reaches you. Nothing has happened; there is nothing else to do.`,
      },
      { link: `${appUrl}/verifier/check?token=${a.token}`, label: "Yes, I can still be reached" },
    ],
  );
}
