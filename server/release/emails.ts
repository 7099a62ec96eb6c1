import { composeMail, type Mail } from "../mail/templates.js";

const when = (d: Date) => d.toUTCString().replace(" GMT", " UTC");

export function inactivityReminderMail(
  appUrl: string,
  to: string,
  name: string,
  daysBefore: number,
  endsAt: Date,
  waitDays: number,
  checkInToken: string,
): Mail {
  const left = daysBefore === 1 ? "1 day" : `${daysBefore} days`;
  return composeMail(to, `Are you still there? Your Legacy Vault release plan starts in ${left}`, [
    { text: `Hello ${name},` },
    {
      text: `You have not signed in to Legacy Vault for a while. If you do not check in by ${when(endsAt)}, a waiting period of ${waitDays} day(s) starts, and at its end the items you left to your beneficiaries are released to them.`,
    },
    { link: `${appUrl}/release/check-in?token=${checkInToken}`, label: "I'm still here" },
    { text: "Signing in counts as a check-in too." },
  ]);
}

export function waitStartedMail(appUrl: string, to: string, name: string, reason: string, releaseAt: Date, cancelToken: string): Mail {
  return composeMail(to, "A release of your Legacy Vault has started", [
    { text: `Hello ${name},` },
    { text: `${reason} A waiting period has started. At ${when(releaseAt)} the items you left to your beneficiaries will be released to them.` },
    { text: "If you are reading this and do not want that, cancel the release now. Nothing will be released." },
    { link: `${appUrl}/release/cancel?token=${cancelToken}`, label: "Cancel the release" },
    { link: `${appUrl}/release`, label: "Or sign in and review your release plan" },
  ]);
}

export function waitLastDayMail(appUrl: string, to: string, name: string, releaseAt: Date, cancelToken: string): Mail {
  return composeMail(to, "Last day: your Legacy Vault will be released soon", [
    { text: `Hello ${name},` },
    { text: `The waiting period ends at ${when(releaseAt)}. Then the items you left to your beneficiaries are released to them.` },
    { link: `${appUrl}/release/cancel?token=${cancelToken}`, label: "Cancel the release" },
  ]);
}

export function releaseCancelledMail(appUrl: string, to: string, name: string): Mail {
  return composeMail(to, "The release of your Legacy Vault was cancelled", [
    { text: `Hello ${name},` },
    { text: "The release was cancelled. Nothing was released to anyone." },
    { link: `${appUrl}/release`, label: "Review your release plan" },
  ]);
}

export function ownerReleasedMail(appUrl: string, to: string, name: string, itemCount: number): Mail {
  return composeMail(to, "Your Legacy Vault was released", [
    { text: `Hello ${name},` },
    {
      text: `The waiting period ended and ${itemCount} item(s) were released to the beneficiaries you named. Each of them can open only the items left to them, for one year.`,
    },
    { link: `${appUrl}/release`, label: "Review your release plan" },
  ]);
}

/** To a beneficiary: who left them something and where to look. The link alone grants nothing. */
export function beneficiaryReleasedMail(appUrl: string, to: string, beneficiaryName: string | null, ownerName: string, itemCount: number): Mail {
  return composeMail(to, `${ownerName} has left you something in Legacy Vault`, [
    { text: `Hello ${beneficiaryName ?? "there"},` },
    {
      text: `${ownerName} named you as the beneficiary of ${itemCount === 1 ? "an item" : `${itemCount} items`} in their Legacy Vault, and these have now been released to you.`,
    },
    { text: "Open the link below and confirm this e-mail address with a code we send you. You can open what was left to you for one year." },
    { link: `${appUrl}/legacy?email=${encodeURIComponent(to)}`, label: "Open what was left to you" },
  ]);
}

export function accessEndedMail(appUrl: string, to: string, ownerName: string): Mail {
  return composeMail(to, `Your access to what ${ownerName} left you has ended`, [
    { text: "Hello," },
    { text: `One year has passed since ${ownerName}'s Legacy Vault was released to you, and your access has now ended as planned.` },
    { link: appUrl, label: "Legacy Vault" },
  ]);
}

export function legacyCodeMail(to: string, code: string): Mail {
  return composeMail(to, "Your Legacy Vault code", [
    { text: "Use this code to open what was left to you. It expires in 10 minutes." },
    { code },
    { text: "If you did not ask for this code, you can ignore this message." },
  ]);
}
