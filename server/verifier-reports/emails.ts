import {
  REPORT_KIND_TO_OWNER,
  REPORT_KIND_WORDS,
  type ReportKind,
} from "../../common/verifier-reports.js";
import { composeMail, mailDay, type Mail } from "../mail/templates.js";

/** The e-mails of a report (docs/decisions/082). Only the owner's carries a token (erased after delivery). */

/** To the owner at once: who reported what, and one click to say they are fine. */
export function reportMadeOwnerMail(
  appUrl: string,
  a: {
    to: string;
    name: string;
    reporterName: string;
    kind: ReportKind;
    at: Date;
    token: string;
    expiresAt: Date;
  },
): Mail {
  return composeMail(
    {
      template: "report-made-owner",
      to: a.to,
      subject: "Someone reported to Legacy Vault that you " + REPORT_KIND_TO_OWNER[a.kind],
      expiresAt: a.expiresAt,
    },
    [
      { text: `Hello ${a.name},` },
      {
        text: `${a.reporterName} reported on ${mailDay(a.at)} that you ${REPORT_KIND_TO_OWNER[a.kind]}. Your other verifiers are asked to confirm it. When enough of them confirm, the waiting period before your release starts.`,
      },
      { text: "If you are reading this, press the button. Signing in does the same." },
      { link: `${appUrl}/release/fine?token=${a.token}`, label: "I'm fine" },
    ],
  );
}

/** To each other verifier (each admin, for the firm): please confirm. No token: the page asks for a code. */
export function reportConfirmAskMail(
  appUrl: string,
  a: { to: string; ownerName: string; reporterName: string; kind: ReportKind; link: string },
): Mail {
  return composeMail(
    {
      template: "report-confirm-ask",
      to: a.to,
      subject: `Please confirm: ${a.ownerName} ${REPORT_KIND_WORDS[a.kind]}?`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      {
        text: `You are a verifier for ${a.ownerName}. ${a.reporterName} has reported that ${a.ownerName} ${REPORT_KIND_WORDS[a.kind]}. If you know this to be true, please confirm it. If you have heard from ${a.ownerName} since, say so instead and the report stops.`,
      },
      { link: `${appUrl}${a.link}`, label: "Open the report" },
    ],
  );
}

/** Why it stopped, to the verifiers (`owner` named) or to the owner (`owner` null). */
const STOPPED_WHY = {
  sign_in: (owner: string | null) =>
    owner ? `${owner} has signed in to Legacy Vault.` : "You signed in to Legacy Vault.",
  fine: (owner: string | null) =>
    owner ? `${owner} has told us that they are fine.` : "You told us that you are fine.",
  fine_link: (owner: string | null) =>
    owner ? `${owner} has told us that they are fine.` : "You told us that you are fine.",
  heard: (owner: string | null, by: string) => `${by} has heard from ${owner ? "them" : "you"}.`,
};

/** To everyone who was told of the report: it stopped, and why, in plain words. */
export function reportStoppedMail(
  appUrl: string,
  a: {
    to: string;
    ownerName: string;
    isOwner: boolean;
    via: keyof typeof STOPPED_WHY;
    by: string;
  },
): Mail {
  return composeMail(
    {
      template: "report-stopped",
      to: a.to,
      subject: a.isOwner
        ? "The report about you was stopped"
        : `The report about ${a.ownerName} was stopped`,
      expiresAt: null,
    },
    [
      { text: "Hello," },
      {
        text: `The report about ${a.isOwner ? "you" : a.ownerName} was stopped. ${STOPPED_WHY[a.via](a.isOwner ? null : a.ownerName, a.by)} Nothing will be released because of it.`,
      },
      ...(a.isOwner ? [{ link: `${appUrl}/release`, label: "Open your release plan" }] : []),
    ],
  );
}

/** The code that opens /verifier/report. `expiresAt`: the code's (the outbox erases the mail after delivery). */
export function reportCodeMail(to: string, code: string, expiresAt: Date): Mail {
  return composeMail(
    { template: "report-code", to, subject: "Your Legacy Vault code", expiresAt },
    [
      { text: "Use this code to open the page for verifiers. It expires in 10 minutes." },
      { code },
      { text: "If you did not ask for this code, you can ignore this message." },
    ],
  );
}
