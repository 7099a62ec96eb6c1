import { z } from "zod";
import { emailSchema } from "./auth-schemas.js";
import { wrappedKeySchema } from "./ciphertext.js";

/**
 * Items delivered later (docs/decisions/096): an item is given at the release, or 7, 30 or 90 days
 * after it. Until its day the portal answers 404 for it, its files and its evidence; on the day
 * the sweep delivers it and e-mails each beneficiary (no title). Messages have their own day
 * (docs/decisions/089) and no delay.
 */

/** The choices: 0 is "at release". */
export const DELIVERY_DELAY_DAYS = [0, 7, 30, 90] as const;
export type DeliveryDelayDays = (typeof DELIVERY_DELAY_DAYS)[number];

/** How long each person has to claim (open) an item before its next fallback is used. */
export const DELIVERY_CLAIM_DAYS = [30, 60, 90] as const;
export type DeliveryClaimDays = (typeof DELIVERY_CLAIM_DAYS)[number];
/** The most fallback people an item names, in order. */
export const DELIVERY_FALLBACKS_MAX = 3;

/** The most waiting items one sweep's transaction claims; a pass runs batches until none is due. */
export const DELIVERY_SWEEP_BATCH = 500;

export const DELIVERY_MSG = {
  delayInvalid: "Choose at release, or 7, 30 or 90 days after",
  notForMessages: "A message has its own delivery day",
  released: "This item was already released; its delivery cannot change",
  label: "Deliver",
  saveFailed: "The delivery could not be saved. Please try again.",
  newItemSaveFailed:
    "The item is saved, but not its delivery: it goes at the release until you choose again on its page.",
  claimDaysInvalid: "Choose 30, 60 or 90 days",
  tooManyFallbacks: `Name at most ${DELIVERY_FALLBACKS_MAX} people in turn`,
  fallbackTwice: "A person is named twice",
  fallbackIsBeneficiary: "This person already receives the item",
  fallbackKeyMismatch: "This person's key has changed: open the item again and save",
  fallbacksLegend: "If nobody claims it",
  claimLabel: "Time to claim",
  fallbackAddLabel: "Next person in turn (e-mail)",
  fallbacksSaveFailed: "The people in turn could not be saved. Please try again.",
} as const;

/** The words of a saved list of fallback people, as the item's form confirms it. */
export const fallbacksSavedLabel = (count: number, claimDays: DeliveryClaimDays) =>
  count === 0
    ? "Saved: nobody in turn."
    : `Saved: ${count === 1 ? "1 person" : `${count} people`} in turn, ${claimDays} days each to claim.`;

/** The words of each choice, as the item's form and the owner's pages show them. */
export const deliveryLabel = (days: DeliveryDelayDays) =>
  days === 0 ? "At release" : `${days} days after`;

/* ---------- inputs ---------- */

export const deliveryDelaySchema = z.union(
  DELIVERY_DELAY_DAYS.map((d) => z.literal(d)),
  { error: DELIVERY_MSG.delayInvalid },
);

/**
 * A fallback person: their address and the item key wrapped in the owner's browser with their
 * beneficiary key (IV ‖ AES-GCM(BK, CK), the item id as additional data), as for any beneficiary.
 */
export const deliveryFallbackSchema = z.strictObject({
  email: emailSchema,
  beneficiaryKeyId: z.uuid(),
  wrappedKey: wrappedKeySchema,
});

/**
 * PUT /api/deliveries/:id: when the item is given, in days after the release; and, each left out
 * kept, how long each person has to claim it and the fallbacks in order (the whole list).
 */
export const putDeliverySchema = z.strictObject({
  delayDays: deliveryDelaySchema,
  claimDays: z
    .union(
      DELIVERY_CLAIM_DAYS.map((d) => z.literal(d)),
      { error: DELIVERY_MSG.claimDaysInvalid },
    )
    .optional(),
  fallbacks: z
    .array(deliveryFallbackSchema)
    .max(DELIVERY_FALLBACKS_MAX, DELIVERY_MSG.tooManyFallbacks)
    .refine(
      (list) => new Set(list.map((f) => f.email)).size === list.length,
      DELIVERY_MSG.fallbackTwice,
    )
    .optional(),
});
export type PutDeliveryInput = z.infer<typeof putDeliverySchema>;

/* ---------- responses ---------- */

/** GET and PUT /api/deliveries/:id: the owner's own item's delay, claim time and fallbacks (no wrap). */
export type DeliveryView = {
  assetId: string;
  delayDays: DeliveryDelayDays;
  claimDays: DeliveryClaimDays;
  fallbacks: { email: string; position: number }[];
};

/**
 * GET /api/deliveries: every item of the owner's that waits or names people in turn (no row: at
 * the release, nobody in turn), for the preview of what each beneficiary would receive.
 */
export type DeliveryListView = {
  items: { assetId: string; delayDays: DeliveryDelayDays; fallbacks: string[] }[];
};

/* ---------- a beneficiary reported dead (docs/decisions/105) ---------- */

/** The longest note a report keeps (in its evidence entry). */
export const DEATH_NOTE_MAX = 1000;

export const DEATH_MSG = {
  heading: "If a beneficiary has died",
  intro:
    "When you report a beneficiary's death, the items they have not opened go at once to the next person in turn the owner named. Items with nobody next stay with their address.",
  none: "Nobody has received anything from this release yet.",
  report: "Report death",
  confirmTitle: (name: string) => `Report that ${name} has died?`,
  confirmBody:
    "This cannot be undone. Their unopened items that name a next person in turn go to that person now, and the report goes into the release's evidence.",
  noteLabel: "Note (optional)",
  noteHint: "For the evidence: for example, who told you and when.",
  noteTooLong: "Keep the note to 1,000 characters at most",
  confirm: "Report death",
  reported: (n: number) =>
    n === 0
      ? "Reported. No item went further: none of theirs names a next person in turn, or they had opened them."
      : `Reported. ${n === 1 ? "1 item went" : `${n} items went`} to the next person in turn.`,
  alreadyReported: "This person's death has already been reported",
  notReleased: "A beneficiary's death can be reported once the release has happened",
  failed: "The report could not be saved. Please try again.",
  fetchFailed: "The beneficiaries of this release could not be loaded",
  unnamed: "A beneficiary without a name in the plan",
} as const;

/** POST /api/clients/:id/release/people/report: a person of the release (their handle), and a note for the evidence. */
export const reportDeathSchema = z.strictObject({
  person: z.string().min(1).max(64),
  note: z.string().trim().max(DEATH_NOTE_MAX, DEATH_MSG.noteTooLong).optional(),
});
export type ReportDeathInput = z.infer<typeof reportDeathSchema>;

/**
 * One person who received items from the release, as the client's firm admins see them: the name
 * the owner gave them (never their address: decision 038), whether they opened anything, and
 * whether their death was reported. `person` is an opaque handle for the report.
 */
export type ReleasePersonView = {
  person: string;
  name: string | null;
  items: number;
  opened: number;
  reportedAt: string | null;
};

/** GET /api/clients/:id/release/people: empty until the release has happened. */
export type ReleasePeopleView = { released: boolean; people: ReleasePersonView[] };

/** The answer to a report: how many items went to the next person in turn, and the list again. */
export type ReportDeathResult = ReleasePeopleView & { passedOn: number };
