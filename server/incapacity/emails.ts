import { composeMail, mailDay, type Mail } from "../mail/templates.js";

/** The e-mails of the incapacity scope (docs/decisions/093). None carries a token: each points to a page that asks for a sign-in or a code. */

/** To the owner when k verifiers confirmed: caregivers read from `opensAt` unless the owner signs in. */
export function incapacityStartedMail(
  appUrl: string,
  a: { to: string; name: string; reporterName: string; opensAt: Date; caregivers: number },
): Mail {
  return composeMail(
    {
      template: "incapacity-started",
      to: a.to,
      subject: "Your caregivers may soon read the items you chose",
      expiresAt: null,
    },
    [
      { text: `Hello ${a.name},` },
      {
        text: `${a.reporterName} reported that you cannot look after your affairs, and your verifiers confirmed it. From ${mailDay(a.opensAt)}, ${a.caregivers === 1 ? "the person you chose" : `the ${a.caregivers} people you chose`} will be able to read the items you marked "for incapacity". They cannot change or download them.`,
      },
      {
        text: "If you are reading this, sign in to Legacy Vault: signing in stops it at once, and nothing is shared.",
      },
      { link: `${appUrl}/login`, label: "Sign in" },
    ],
  );
}

/** To a caregiver when the wait has passed: what they can read, and until when. */
export function careOpenedMail(
  appUrl: string,
  a: { to: string; ownerName: string; items: number; endsAt: Date },
): Mail {
  return composeMail(
    {
      template: "care-opened",
      to: a.to,
      subject: `${a.ownerName} asked you to look after some things`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      {
        text: `${a.ownerName} chose you to help while they cannot look after their affairs. You can read ${a.items === 1 ? "one item" : `${a.items} items`} they left for this, until ${mailDay(a.endsAt)}. You can read them only: you cannot change or download them.`,
      },
      {
        text: `You need the access key ${a.ownerName} gave you. Access ends sooner if ${a.ownerName} signs in again.`,
      },
      { link: `${appUrl}/legacy`, label: "Open what was left for you" },
    ],
  );
}

/** To a caregiver when their access ended (the owner is back, withdrew it, or its time ran out). */
export function careEndedMail(a: {
  to: string;
  ownerName: string;
  why: "expired" | "released" | "back";
}): Mail {
  return composeMail(
    {
      template: "care-ended",
      to: a.to,
      subject: `Your access to ${a.ownerName}'s items has ended`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      {
        text: {
          expired: `The time ${a.ownerName} set for your access has passed. You can no longer read their items.`,
          released: `${a.ownerName}'s plan has now been released to the people they chose, so your access as a caregiver has ended. If you were left something, you will receive a separate e-mail.`,
          back: `${a.ownerName} is able to look after their affairs again, so you can no longer read their items. Thank you for your help.`,
        }[a.why],
      },
    ],
  );
}
