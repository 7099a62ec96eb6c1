import { z } from "zod";
import { PLAN_STATUS_CHECKS, type PlanStatusRowView } from "./plan-status.js";

/* ---------- reminders to clients with incomplete plans (docs/decisions/100) ---------- */

export const REMINDER_SUBJECT_MAX = 120;
export const REMINDER_BODY_MAX = 2000;

/** The words a template may use, each replaced by plain text when a reminder is written. */
export const REMINDER_PLACEHOLDERS = ["client_name", "firm_name", "missing_steps", "link"] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];
export type ReminderValues = Record<ReminderPlaceholder, string>;

export const DEFAULT_REMINDER_SUBJECT = "{firm_name}: your Legacy Vault plan is not finished";
export const DEFAULT_REMINDER_BODY = [
  "Dear {client_name},",
  "Your plan on Legacy Vault is not finished yet. Still to do:",
  "{missing_steps}",
  "You can finish it here: {link}",
  "If you have questions, reply to this e-mail or call us.",
].join("\n\n");

/** Every {word} in a text that is not a placeholder (a typo the firm should see). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(REMINDER_PLACEHOLDERS);
  return [...text.matchAll(/\{([^{}\s]*)\}/g)]
    .map((m) => m[1] ?? "")
    .filter((name) => !known.has(name));
}

/** The template with every placeholder replaced; the result is plain text (e-mails escape it). */
export function fillReminder(text: string, values: ReminderValues): string {
  return text.replace(/\{(client_name|firm_name|missing_steps|link)\}/g, (_, name: string) =>
    name in values ? values[name as ReminderPlaceholder] : "",
  );
}

/** A plan's steps not done, in yes/no words only ("- Release plan set: no"); never content. */
export type PlanChecks = Pick<PlanStatusRowView, (typeof PLAN_STATUS_CHECKS)[number][0]>;
export const missingStepLines = (plan: PlanChecks): string =>
  PLAN_STATUS_CHECKS.filter(([key]) => !plan[key])
    .map(([, label]) => `- ${label}: no`)
    .join("\n");

/** A sample client's values, for the settings screen's preview. */
export const previewValues = (firmName: string, appUrl: string): ReminderValues => ({
  client_name: "Alex Example",
  firm_name: firmName,
  missing_steps: missingStepLines({
    hasReleasePlan: true,
    hasBeneficiaries: true,
    areKeysHandedOver: false,
    areVerifiersAccepted: false,
    hasRecoveryKit: true,
  }),
  link: `${appUrl}/`,
});

// Text only: no control characters but the body's line breaks; HTML is shown as typed, never run.
const hasControl = (s: string) =>
  [...s].some((ch) => {
    const c = ch.charCodeAt(0);
    return (c < 32 && ch !== "\n" && ch !== "\r" && ch !== "\t") || c === 127;
  });
const placeholdersKnown = (s: string) => unknownPlaceholders(s).length === 0;

export const REMINDER_MSG = {
  title: "Reminders to clients",
  subjectRequired: "Enter a subject.",
  subjectTooLong: `The subject can be at most ${REMINDER_SUBJECT_MAX} characters.`,
  subjectOneLine: "The subject must be one line.",
  bodyRequired: "Enter the message.",
  bodyTooLong: `The message can be at most ${REMINDER_BODY_MAX} characters.`,
  controlCharacters: "Remove the invisible control characters.",
  unknownPlaceholder: "Use only {client_name}, {firm_name}, {missing_steps} and {link} in braces.",
  saved: "Reminder saved.",
  optOutDone: "You will get no more reminders about your plan.",
  optOutInvalid: "This link does not work. You can turn reminders off in your profile settings.",
} as const;

export const reminderTemplateSchema = z.strictObject({
  subject: z
    .string()
    .trim()
    .min(1, REMINDER_MSG.subjectRequired)
    .max(REMINDER_SUBJECT_MAX, REMINDER_MSG.subjectTooLong)
    .refine((s) => !/[\r\n]/.test(s), REMINDER_MSG.subjectOneLine)
    .refine((s) => !hasControl(s), REMINDER_MSG.controlCharacters)
    .refine(placeholdersKnown, REMINDER_MSG.unknownPlaceholder),
  body: z
    .string()
    .trim()
    .min(1, REMINDER_MSG.bodyRequired)
    .max(REMINDER_BODY_MAX, REMINDER_MSG.bodyTooLong)
    .refine((s) => !hasControl(s), REMINDER_MSG.controlCharacters)
    .refine(placeholdersKnown, REMINDER_MSG.unknownPlaceholder),
  isMonthly: z.boolean(),
});
export type ReminderTemplateInput = z.infer<typeof reminderTemplateSchema>;

/** POST /api/reminders/opt-out: the token of the e-mail's link. */
export const reminderOptOutSchema = z.strictObject({ token: z.string().min(1).max(200) });

/** PUT /api/reminders/preference: the client's own switch. */
export const reminderPreferenceSchema = z.strictObject({ isOptedOut: z.boolean() });
export type ReminderPreferenceView = { isOptedOut: boolean };

export type ReminderRunView = {
  id: string;
  status: "sending" | "done";
  isMonthly: boolean;
  totalClients: number;
  processedClients: number;
  sentClients: number;
  startedAt: string;
  finishedAt: string | null;
};

/** GET /api/firm/reminders: the template (the default until saved), the switch, the last send. */
export type ReminderSettingsView = {
  subject: string;
  body: string;
  isMonthly: boolean;
  nextMonthlyAt: string | null;
  lastRun: ReminderRunView | null;
  optedOutCount: number;
};

/** GET /api/firm/reminders/opt-outs: who opted out (never why). */
export type ReminderOptOutView = {
  clientId: string;
  name: string;
  email: string;
  optedOutAt: string;
};
export type ReminderOptOutList = { clients: ReminderOptOutView[] };
