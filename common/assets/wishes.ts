import { z } from "zod";

/**
 * Final wishes, one of the asset types (decision 097): a funeral directive the owner writes once
 * (burial or cremation, where, the ceremony, music, readings, organ donation, who to call first,
 * who should decide). Every field below is sealed in the browser with the item's content key; the
 * server sees only that an item is final wishes (its type) and whether the owner chose to open it
 * to its people as soon as a death is confirmed (`opensAtReport`, not sealed: the server acts on it).
 */

/* ---------- constants ---------- */

/** Burial or cremation; null: not decided, the people who decide choose. */
export const WISHES_DISPOSITIONS = {
  burial: "Burial",
  cremation: "Cremation",
  other: "Something else (written below)",
} as const;
export type WishesDisposition = keyof typeof WISHES_DISPOSITIONS;
export const WISHES_DISPOSITION_IDS = Object.keys(WISHES_DISPOSITIONS) as WishesDisposition[];

/** Organ and tissue donation; null: not said. */
export const WISHES_DONATION = {
  yes: "Yes, I want to donate my organs and tissue",
  no: "No, I do not want to donate",
  family: "Let my family decide",
} as const;
export type WishesDonation = keyof typeof WISHES_DONATION;
export const WISHES_DONATION_IDS = Object.keys(WISHES_DONATION) as WishesDonation[];

/** The free-text sections, in the order the form and the page show them, with their headings. */
export const WISHES_SECTIONS = {
  place: "Where",
  ceremony: "The ceremony",
  music: "Music",
  readings: "Readings",
  callFirst: "Who to call first",
  decider: "Who should decide anything not written here",
  other: "Anything else",
} as const;
export type WishesSection = keyof typeof WISHES_SECTIONS;
export const WISHES_SECTION_IDS = Object.keys(WISHES_SECTIONS) as WishesSection[];

/** Each free-text section's most characters. */
export const WISHES_TEXT_MAX = 5_000;

/** The title sealed with the item: one directive per owner, so one name. */
export const WISHES_TITLE = "Final wishes";

/* ---------- messages ---------- */

export const WISHES_MSG = {
  tooLong: `Keep this under ${WISHES_TEXT_MAX.toLocaleString("en-US")} characters`,
  saved: "Your final wishes are saved",
  saveFailed: "Your final wishes could not be saved. Nothing was changed; please try again.",
  deleted: "Your final wishes are deleted",
  deleteFailed: "Your final wishes could not be deleted",
  loadFailed: "Your final wishes could not be loaded",
  notFound: "Final wishes not found",
  onlyOne: "You already have final wishes. Change them instead of adding new ones.",
  opensAtReportWishesOnly: "Only final wishes can open as soon as a death is confirmed",
  opensAtReportHint:
    "The people you choose can read these wishes as soon as your death is confirmed (by your verifiers or your law firm), so they can plan the funeral. Everything else waits for the release as usual.",
  opensAtReportOff:
    "These wishes open with everything else, when the wait after a confirmed death ends.",
} as const;

/* ---------- the sealed content ---------- */

const strictText = z.string().trim().max(WISHES_TEXT_MAX, WISHES_MSG.tooLong);
const lenientText = z.string().trim().catch("");

/** The directive, sealed in the browser with its content key; checked before sealing. */
export const wishesContentSchema = z.strictObject({
  disposition: z.enum(WISHES_DISPOSITION_IDS).nullable(),
  organDonation: z.enum(WISHES_DONATION_IDS).nullable(),
  place: strictText,
  ceremony: strictText,
  music: strictText,
  readings: strictText,
  callFirst: strictText,
  decider: strictText,
  other: strictText,
});
export type WishesContent = z.infer<typeof wishesContentSchema>;

/** The directive as opened, read leniently: a damaged or later field reads as empty. */
export const openedWishesSchema = z.object({
  disposition: z.enum(WISHES_DISPOSITION_IDS).nullable().catch(null),
  organDonation: z.enum(WISHES_DONATION_IDS).nullable().catch(null),
  place: lenientText,
  ceremony: lenientText,
  music: lenientText,
  readings: lenientText,
  callFirst: lenientText,
  decider: lenientText,
  other: lenientText,
});
export type OpenedWishesContent = z.infer<typeof openedWishesSchema>;

/** Reads opened content leniently; anything unreadable reads as an empty directive. */
export function openedWishes(content: unknown): OpenedWishesContent {
  const read = openedWishesSchema.safeParse(content ?? {});
  return read.success ? read.data : openedWishesSchema.parse({});
}

/** The sections to show, headed, in order; empty ones left out ("Burial or cremation" first). */
export function wishesSections(c: OpenedWishesContent): { heading: string; text: string }[] {
  const chosen = [
    {
      heading: "Burial or cremation",
      text: c.disposition ? WISHES_DISPOSITIONS[c.disposition] : "",
    },
    ...WISHES_SECTION_IDS.slice(0, 4).map((id) => ({ heading: WISHES_SECTIONS[id], text: c[id] })),
    { heading: "Organ donation", text: c.organDonation ? WISHES_DONATION[c.organDonation] : "" },
    ...WISHES_SECTION_IDS.slice(4).map((id) => ({ heading: WISHES_SECTIONS[id], text: c[id] })),
  ];
  return chosen.filter((s) => s.text);
}

/* ---------- the owner's choice: open at a confirmed death (decision 097) ---------- */

/** PUT /api/wishes/:id: whether the item opens to its people as soon as a death is confirmed. */
export const wishesChoiceSchema = z.strictObject({ opensAtReport: z.boolean() });
export type WishesChoiceInput = z.infer<typeof wishesChoiceSchema>;

/** GET, PUT /api/wishes/:id: the owner's choice for their final wishes item. */
export type WishesChoiceView = { id: string; opensAtReport: boolean };

/* ---------- the portal: final wishes opened at a confirmed death (decision 097) ---------- */

/** The directive as plain text, a heading per section: the export's final-wishes.txt. */
export function wishesText(c: OpenedWishesContent): string {
  const sections = wishesSections(c);
  if (!sections.length) return "Final wishes\n\nNothing is written yet.\n";
  return ["Final wishes", ...sections.map((s) => `${s.heading}\n${s.text}`)].join("\n\n") + "\n";
}
