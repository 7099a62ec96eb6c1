import { composeMail, mailDay, type Mail } from "../mail/templates.js";

/**
 * The e-mails of an escalation (decision 085). Only the owner's carries a token (the "I'm still
 * here" link, erased after delivery); the verifiers' point to their page, which asks for a code.
 */

/** To each accepted verifier (each admin, for the firm): please try to reach the owner. */
export function escalationAskMail(
  appUrl: string,
  a: { to: string; ownerName: string; endsAt: Date; link: string; requireVerifier: boolean },
): Mail {
  const next = a.requireVerifier
    ? `Nothing is released without a verifier's answer.`
    : `If nobody has reached them by ${mailDay(a.endsAt)}, a waiting period starts, and after it what ${a.ownerName} left to their beneficiaries is released.`;
  return composeMail(
    {
      template: "escalation-ask",
      to: a.to,
      subject: `Please try to reach ${a.ownerName}`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      {
        text: `You are a verifier for ${a.ownerName}. They have not checked in to Legacy Vault for a long time and have not answered our reminders. Please try to reach them: a call, a message or a visit.`,
      },
      { text: `Then tell us what happened on your verifier page. ${next}` },
      { link: `${appUrl}${a.link}`, label: "Open your verifier page" },
      { text: "You will never see what they keep in Legacy Vault." },
    ],
  );
}

/** To the owner: the verifiers are being asked; one click (or signing in) stops it. */
export function escalationOwnerMail(
  appUrl: string,
  a: { to: string; name: string; endsAt: Date; checkIn: { token: string; expiresAt: Date } },
): Mail {
  return composeMail(
    {
      template: "escalation-owner",
      to: a.to,
      subject: "We are asking your verifiers to reach you",
      expiresAt: a.checkIn.expiresAt,
    },
    [
      { text: `Hello ${a.name},` },
      {
        text: `You have not checked in to Legacy Vault since our reminders, so we have asked your verifiers to try to reach you. They have until ${mailDay(a.endsAt)}.`,
      },
      { text: "If you are reading this, press the button. Signing in does the same." },
      { link: `${appUrl}/release/check-in?token=${a.checkIn.token}`, label: "I'm still here" },
    ],
  );
}

/** To the owner: a verifier reached them; the countdown starts again. */
export function escalationReachedOwnerMail(
  appUrl: string,
  a: { to: string; name: string; byName: string },
): Mail {
  return composeMail(
    {
      template: "escalation-reached-owner",
      to: a.to,
      subject: `${a.byName} told us you are fine`,
      expiresAt: null,
    },
    [
      { text: `Hello ${a.name},` },
      {
        text: `${a.byName} told us they reached you. Nothing is released, and your inactivity countdown starts again from today.`,
      },
      { text: "Please sign in when you can, so that we hear from you too." },
      { link: `${appUrl}/release`, label: "Open your release plan" },
    ],
  );
}

/** To each verifier: nothing more is needed (the owner checked in, or a verifier reached them). */
export function escalationClosedMail(
  appUrl: string,
  a: { to: string; ownerName: string; byName: string | null },
): Mail {
  const why = a.byName
    ? `${a.byName} reached ${a.ownerName}.`
    : `${a.ownerName} has checked in to Legacy Vault.`;
  return composeMail(
    {
      template: "escalation-closed",
      to: a.to,
      subject: `Nothing more is needed for ${a.ownerName}`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      { text: `${why} Thank you: you do not need to do anything more. Nothing is released.` },
      { link: `${appUrl}/verifier/report`, label: "Open your verifier page" },
    ],
  );
}
