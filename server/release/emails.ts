import { composeMail, type Mail, type MailBrand } from "../mail/templates.js";

export type CancelLink = { token: string; expiresAt: Date };

const when = (d: Date) => d.toUTCString().replace(" GMT", " UTC");

export function inactivityReminderMail(
  appUrl: string,
  {
    to,
    name,
    daysBefore,
    endsAt,
    waitDays,
    checkIn,
  }: {
    to: string;
    name: string;
    daysBefore: number;
    endsAt: Date;
    waitDays: number;
    checkIn: { token: string; expiresAt: Date };
  },
  /** The owner's law firm, when they are its client: the e-mail goes in its name (decision 095). */
  brand?: MailBrand,
): Mail {
  const left = daysBefore === 1 ? "1 day" : `${daysBefore} days`;
  const subject = `Are you still there? Your Legacy Vault release plan starts in ${left}`;
  return composeMail(
    { template: "release-inactivity-reminder", to, subject, expiresAt: checkIn.expiresAt },
    [
      { text: `Hello ${name},` },
      {
        text: `You have not signed in to Legacy Vault for a while. If you do not check in by ${when(endsAt)}, a waiting period of ${waitDays} day(s) starts, and at its end the items you left to your beneficiaries are released to them.`,
      },
      { link: `${appUrl}/release/check-in?token=${checkIn.token}`, label: "I'm still here" },
      { text: "Signing in counts as a check-in too." },
    ],
    brand,
  );
}

/** `cancel`: the one-click cancel link (server/release/steps.ts newCancelLink) and its expiry. */
export function waitStartedMail(
  appUrl: string,
  {
    to,
    name,
    reason,
    releaseAt,
    cancel,
  }: { to: string; name: string; reason: string; releaseAt: Date; cancel: CancelLink },
  brand?: MailBrand,
): Mail {
  return composeMail(
    {
      template: "release-wait-started",
      to,
      subject: "A release of your Legacy Vault has started",
      expiresAt: cancel.expiresAt,
    },
    [
      { text: `Hello ${name},` },
      {
        text: `${reason} A waiting period has started. At ${when(releaseAt)} the items you left to your beneficiaries will be released to them.`,
      },
      {
        text: "If you are reading this and do not want that, cancel the release now. Nothing will be released.",
      },
      { link: `${appUrl}/release/cancel?token=${cancel.token}`, label: "Cancel the release" },
      { link: `${appUrl}/release`, label: "Or sign in and review your release plan" },
    ],
    brand,
  );
}

export function waitLastDayMail(
  appUrl: string,
  {
    to,
    name,
    releaseAt,
    cancel,
  }: { to: string; name: string; releaseAt: Date; cancel: CancelLink },
  brand?: MailBrand,
): Mail {
  const subject = "Last day: your Legacy Vault will be released soon";
  return composeMail(
    { template: "release-wait-last-day", to, subject, expiresAt: cancel.expiresAt },
    [
      { text: `Hello ${name},` },
      {
        text: `The waiting period ends at ${when(releaseAt)}. Then the items you left to your beneficiaries are released to them.`,
      },
      { link: `${appUrl}/release/cancel?token=${cancel.token}`, label: "Cancel the release" },
    ],
    brand,
  );
}

export function releaseCancelledMail(
  appUrl: string,
  to: string,
  name: string,
  brand?: MailBrand,
): Mail {
  return composeMail(
    {
      template: "release-cancelled",
      to,
      subject: "The release of your Legacy Vault was cancelled",
      expiresAt: null,
    },
    [
      { text: `Hello ${name},` },
      { text: "The release was cancelled. Nothing was released to anyone." },
      { link: `${appUrl}/release`, label: "Review your release plan" },
    ],
    brand,
  );
}

/** To each verifier who was told of a report, when the wait their confirmations started is cancelled (docs/decisions/082). */
export function verifierWaitCancelledMail(
  appUrl: string,
  { to, ownerName }: { to: string; ownerName: string },
): Mail {
  return composeMail(
    {
      template: "release-verifier-wait-cancelled",
      to,
      subject: `The report about ${ownerName} was stopped`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      {
        text: `The waiting period that started after the report about ${ownerName} was cancelled by ${ownerName}. Nothing will be released because of it.`,
      },
    ],
  );
}

export function ownerReleasedMail(
  appUrl: string,
  { to, name, itemCount }: { to: string; name: string; itemCount: number },
  brand?: MailBrand,
): Mail {
  return composeMail(
    {
      template: "release-owner-released",
      to,
      subject: "Your Legacy Vault was released",
      expiresAt: null,
    },
    [
      { text: `Hello ${name},` },
      {
        text: `The waiting period ended and ${itemCount} item(s) were released to the beneficiaries you named. Each of them can open only the items left to them, for one year.`,
      },
      { link: `${appUrl}/release`, label: "Review your release plan" },
    ],
    brand,
  );
}

/** To a beneficiary: who left them something and where to look. The link alone grants nothing. */
export function beneficiaryReleasedMail(
  appUrl: string,
  {
    to,
    beneficiaryName,
    ownerName,
    itemCount,
  }: { to: string; beneficiaryName: string | null; ownerName: string; itemCount: number },
  /** The owner's law firm, when the owner is its client (decision 095). */
  brand?: MailBrand,
): Mail {
  return composeMail(
    {
      template: "release-beneficiary-released",
      to,
      subject: `${ownerName} has left you something in Legacy Vault`,
      expiresAt: null,
    },
    [
      { text: `Hello ${beneficiaryName ?? "there"},` },
      {
        text: `${ownerName} named you as the beneficiary of ${itemCount === 1 ? "an item" : `${itemCount} items`} in their Legacy Vault, and these have now been released to you.`,
      },
      {
        text: "Open the link below and confirm this e-mail address with a code we send you. You can open what was left to you for one year.",
      },
      {
        // the firm's page slug: the portal's sign-in carries its band before any item is known
        link: `${appUrl}/legacy?email=${encodeURIComponent(to)}${brand?.slug ? `&firm=${encodeURIComponent(brand.slug)}` : ""}`,
        label: "Open what was left to you",
      },
    ],
    brand,
  );
}

export function accessEndedMail(appUrl: string, to: string, ownerName: string): Mail {
  return composeMail(
    {
      template: "release-access-ended",
      to,
      subject: `Your access to what ${ownerName} left you has ended`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      {
        text: `One year has passed since ${ownerName}'s Legacy Vault was released to you, and your access has now ended as planned.`,
      },
      { link: appUrl, label: "Legacy Vault" },
    ],
  );
}

/** `expiresAt`: the code's expiry, as stored with its hash (server/legacy/service.ts). */
export function legacyCodeMail(to: string, code: string, expiresAt: Date): Mail {
  return composeMail(
    { template: "legacy-code", to, subject: "Your Legacy Vault code", expiresAt },
    [
      { text: "Use this code to open what was left to you. It expires in 10 minutes." },
      { code },
      { text: "If you did not ask for this code, you can ignore this message." },
    ],
  );
}
