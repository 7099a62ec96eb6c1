import { z } from "zod";
import { base64Length } from "./ciphertext.js";

/**
 * Messages for later (docs/decisions/089): a letter, a voice message or a video that an owner
 * leaves to one or more of their beneficiaries, delivered at the release, on a date after it, some
 * years after it, or on a milestone that the executor or the firm confirms after it (decision
 * 109). A message is an item of type "message" (sealed title, sealed content, its recording or
 * video as a file of kind "media"); the server knows only when to deliver it and holds a waiting
 * share W of its key, which it hands out only once the message is delivered.
 */

/* ---------- constants ---------- */

/**
 * When a message is delivered: at the release, on a date after it, some years after it, or on a
 * milestone ("Emma's wedding day") once its confirmer says it has happened (decision 109).
 */
export const MESSAGE_DELIVERY_WHEN = ["release", "date", "anniversary", "milestone"] as const;

/** Who confirms a milestone: the owner's executor (in the portal) or an admin of the owner's firm. */
export const MILESTONE_CONFIRMERS = ["executor", "firm"] as const;
export type MilestoneConfirmer = (typeof MILESTONE_CONFIRMERS)[number];
export type MessageDeliveryWhen = (typeof MESSAGE_DELIVERY_WHEN)[number];

/** The furthest ahead a message may be delivered: a date within this many years, or an anniversary. */
export const MESSAGE_MAX_YEARS = 25;
/** The waiting share W: 32 random bytes made in the owner's browser. */
export const MESSAGE_SHARE_BYTES = 32;
/** How long a delivered message stays open in the portal, from its delivery. */
export const MESSAGE_ACCESS_DAYS = 365;
/** The most messages one sweep's transaction claims; a pass runs batches until none is due. */
export const MESSAGE_SWEEP_BATCH = 500;

export const MESSAGE_FORMATS = ["letter", "voice", "video"] as const;
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];

export const MESSAGE_LIMITS = {
  letter: 30_000,
  transcript: 20_000,
  occasion: 200,
  milestoneLabel: 120,
} as const;

/** The additional data of the waiting share sealed on the server. */
export const messageShareContext = (assetId: string) => `message-share:${assetId}`;
/** The HKDF info of a message's content key: MK = HKDF-SHA-256(CK, salt W, this). */
export const messageKeyInfo = (assetId: string) => `message-key:${assetId}`;

/* ---------- messages ---------- */

export const MESSAGE_MSG = {
  dateInvalid: "Enter a date as YYYY-MM-DD",
  dateNotAhead: "Choose a date after today",
  dateTooFar: `Choose a date within ${MESSAGE_MAX_YEARS} years`,
  yearsInvalid: `Choose between 1 and ${MESSAGE_MAX_YEARS} years`,
  shareInvalid: "The message's waiting share must be 32 bytes",
  notMessage: "This item is not a message",
  recipientsRequired: "Choose at least one person to receive this message",
  letterRequired: "Write your letter",
  letterTooLong: `Keep the letter under ${MESSAGE_LIMITS.letter.toLocaleString("en-US")} characters`,
  transcriptTooLong: `Keep the transcript under ${MESSAGE_LIMITS.transcript.toLocaleString("en-US")} characters`,
  occasionTooLong: `Keep the occasion under ${MESSAGE_LIMITS.occasion} characters`,
  mediaRequired: "Record or choose a recording or video",
  saved: "Message saved",
  saveFailed: "The message could not be saved. Please try again.",
  loadFailed: "The message could not be loaded",
  unreadable: "This message could not be opened. It may have been damaged.",
  notScheduled: "Delivery is not set yet",
  milestoneLabelRequired: 'Describe what has to happen, for example "Emma\'s wedding day"',
  milestoneLabelTooLong: `Keep the description under ${MESSAGE_LIMITS.milestoneLabel} characters`,
  milestoneConfirmerInvalid: "Choose who confirms it: your executor or your firm",
  milestoneNoFirm: "You are not a client of a firm: choose your executor to confirm it",
  milestoneNoExecutor:
    "You have not named an executor yet: name one among your people, or choose your firm",
  milestoneNotReleased: "This can be confirmed only after the release",
  milestoneConfirmed: "Confirmed. The message will be delivered within a few minutes.",
  milestoneConfirmFailed: "It could not be confirmed. Please try again.",
} as const;

/** What the owner is told beside the milestone's description: it is not sealed. */
export const MILESTONE_LABEL_HINT =
  "Shown in clear to the person who confirms it, so they know what to confirm. Keep anything private for the message itself.";

/* ---------- inputs ---------- */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGE_MSG.dateInvalid)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), MESSAGE_MSG.dateInvalid)
  .refine(
    (s) => new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s,
    MESSAGE_MSG.dateInvalid,
  );

/** When a message is delivered. A date is also checked against today on the server (isDateInRange). */
export const messageDeliverySchema = z.discriminatedUnion("when", [
  z.strictObject({ when: z.literal("release") }),
  z.strictObject({ when: z.literal("date"), date: isoDate }),
  z.strictObject({
    when: z.literal("anniversary"),
    years: z
      .int(MESSAGE_MSG.yearsInvalid)
      .min(1, MESSAGE_MSG.yearsInvalid)
      .max(MESSAGE_MAX_YEARS, MESSAGE_MSG.yearsInvalid),
  }),
  z.strictObject({
    when: z.literal("milestone"),
    /** In clear: the confirmer reads it to know what to confirm. */
    label: z
      .string(MESSAGE_MSG.milestoneLabelRequired)
      .trim()
      .min(1, MESSAGE_MSG.milestoneLabelRequired)
      .max(MESSAGE_LIMITS.milestoneLabel, MESSAGE_MSG.milestoneLabelTooLong),
    confirmer: z.enum(MILESTONE_CONFIRMERS, MESSAGE_MSG.milestoneConfirmerInvalid),
  }),
]);
export type MessageDelivery = z.infer<typeof messageDeliverySchema>;

/** PUT /api/messages/:id/schedule: when, and the waiting share W (base64 of 32 bytes). */
export const putMessageScheduleSchema = z.strictObject({
  delivery: messageDeliverySchema,
  waitingShare: z
    .base64(MESSAGE_MSG.shareInvalid)
    .refine((s) => base64Length(s) === MESSAGE_SHARE_BYTES, MESSAGE_MSG.shareInvalid),
});
export type PutMessageScheduleInput = z.infer<typeof putMessageScheduleSchema>;

/* ---------- responses ---------- */

/** A message's schedule, for its owner: the waiting share too (the owner's browser derives MK). */
export type MessageScheduleView = {
  assetId: string;
  delivery: MessageDelivery;
  waitingShare: string;
  releasedAt: string | null;
  dueAt: string | null;
  deliveredAt: string | null;
  /** When a milestone's confirmer confirmed it (then dueAt is that moment); null otherwise. */
  confirmedAt: string | null;
};

/** GET /api/messages: the owner's messages' schedules (no share: each message's page has it). */
export type MessageScheduleListView = {
  schedules: Omit<MessageScheduleView, "waitingShare">[];
};

/** GET /api/messages/confirmers: who can confirm the owner's milestones now (a firm, an executor). */
export type MilestoneConfirmersView = { confirmers: MilestoneConfirmer[] };

/** A milestone as its confirmer sees it: its description and whether it is confirmed, nothing else. */
export type MilestoneView = { id: string; label: string; confirmedAt: string | null };

/** GET /api/legacy/milestones: the executor's estates' milestones (released estates only). */
export type ExecutorMilestonesView = {
  estates: { ownerId: string; ownerName: string; milestones: MilestoneView[] }[];
};

/** GET /api/clients/:id/milestones: a client's milestones for the firm; confirmable once released. */
export type FirmMilestonesView = { isReleased: boolean; milestones: MilestoneView[] };

/* ---------- the sealed content ---------- */

/**
 * A message's fields, sealed in the browser with its message key MK (never the item key alone):
 * the letter (paragraphs, **bold** and *italic*, shown as text), a transcript or captions of a
 * recording, and the occasion in the owner's words ("When Emma turns 18"). Its title is the item's
 * sealed title.
 */
export const messageContentSchema = z.strictObject({
  format: z.enum(MESSAGE_FORMATS),
  letter: z.string().max(MESSAGE_LIMITS.letter, MESSAGE_MSG.letterTooLong),
  transcript: z.string().max(MESSAGE_LIMITS.transcript, MESSAGE_MSG.transcriptTooLong),
  occasion: z.string().trim().max(MESSAGE_LIMITS.occasion, MESSAGE_MSG.occasionTooLong),
  /** The recording's or video's own name and type, when it came from a file. */
  media: z.strictObject({ name: z.string().max(255), type: z.string().max(255) }).nullable(),
});
export type MessageContent = z.infer<typeof messageContentSchema>;

/** An opened message read leniently: a damaged or later field reads as empty. */
export const openedMessageSchema = z.object({
  format: z.enum(MESSAGE_FORMATS).catch("letter"),
  letter: z.string().catch(""),
  transcript: z.string().catch(""),
  occasion: z.string().catch(""),
  media: z.object({ name: z.string(), type: z.string() }).nullable().catch(null),
});
export type OpenedMessage = z.infer<typeof openedMessageSchema>;

/* ---------- dates (pure) ---------- */

const pad = (n: number) => String(n).padStart(2, "0");

/** YYYY-MM-DD of a moment, in UTC. */
export const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The day someone born on `birthDate` turns `age` ("when Emma turns 18"); a 29 February birthday
 * falls on 28 February in a year that has none.
 */
export function dateOfAge(birthDate: string, age: number): string {
  const [y, m, d] = birthDate.split("-").map(Number) as [number, number, number];
  const year = y + age;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${pad(m)}-${pad(Math.min(d, lastDay))}`;
}

/** A delivery date is after `today` and within MESSAGE_MAX_YEARS of it; else the message why not. */
export function dateRangeError(date: string, today: Date): string | null {
  if (date <= isoDay(today)) return MESSAGE_MSG.dateNotAhead;
  const limit = new Date(today);
  limit.setUTCFullYear(limit.getUTCFullYear() + MESSAGE_MAX_YEARS);
  if (date > isoDay(limit)) return MESSAGE_MSG.dateTooFar;
  return null;
}

const confirmerName = { executor: "your executor", firm: "your firm" } as const;

/**
 * "At the release", "On 3 May 2031", "2 years after the release", "When Emma's wedding day is
 * confirmed by your firm": one line for the owner's lists and pages.
 */
export function describeDelivery(delivery: MessageDelivery): string {
  if (delivery.when === "release") return "At the release";
  if (delivery.when === "milestone")
    return `When ${delivery.label} is confirmed by ${confirmerName[delivery.confirmer]}`;
  if (delivery.when === "anniversary")
    return `${delivery.years} year${delivery.years === 1 ? "" : "s"} after the release`;
  const day = new Date(`${delivery.date}T00:00:00Z`);
  return `On ${day.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}`;
}
