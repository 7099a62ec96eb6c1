import { z } from "zod";

/**
 * The estate inventory, one of the asset types (docs/decisions/086): what a person owns, owes and
 * pays for, and what should happen to each. Every field below is sealed in the browser with the
 * item's content key, like a password's or a note's; the server sees only that an item is an
 * inventory entry (its type).
 */

/* ---------- constants ---------- */

/** The sections of the inventory, in the order the list, the filter and the printout show them. */
export const ESTATE_CATEGORIES = {
  bank: "Bank and investment accounts",
  pension: "Pensions",
  insurance: "Insurance policies",
  property: "Property and land",
  vehicle: "Vehicles",
  crypto: "Cryptocurrency",
  subscription: "Subscriptions to cancel",
  debt: "Debts and loans",
  device: "Phones, computers and other devices",
  digital: "Websites, e-mail and online accounts",
} as const;
export type EstateCategory = keyof typeof ESTATE_CATEGORIES;
export const ESTATE_CATEGORY_IDS = Object.keys(ESTATE_CATEGORIES) as EstateCategory[];

/** What should happen to an entry after the owner's death. */
export const ESTATE_ACTIONS = {
  transfer: "Pass it on",
  close: "Close it",
  memorialise: "Keep it as a memorial",
  delete: "Delete it",
  "keep-paying": "Keep paying it",
} as const;
export type EstateAction = keyof typeof ESTATE_ACTIONS;
export const ESTATE_ACTION_IDS = Object.keys(ESTATE_ACTIONS) as EstateAction[];
/** How an entry with no action chosen reads. */
export const ESTATE_NO_ACTION = "Not decided yet";

export const ESTATE_LIMITS = {
  institution: 200,
  reference: 200,
  contact: 1_000,
  instructions: 5_000,
} as const;

/** The most entries one CSV file may add (a larger file is refused whole, before anything is saved). */
export const ESTATE_IMPORT_MAX_ROWS = 2_000;
/** The largest CSV file read: 2,000 full rows with room to spare. */
export const ESTATE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/* ---------- messages ---------- */

export const ESTATE_MSG = {
  categoryRequired: "Choose what kind of entry this is",
  institutionTooLong: `Keep the organisation's name under ${ESTATE_LIMITS.institution} characters`,
  referenceTooLong: `Keep the reference under ${ESTATE_LIMITS.reference} characters`,
  contactTooLong: `Keep the contact details under ${ESTATE_LIMITS.contact.toLocaleString("en-US")} characters`,
  instructionsTooLong: `Keep the instructions under ${ESTATE_LIMITS.instructions.toLocaleString("en-US")} characters`,
  saved: "Entry saved",
  saveFailed: "The entry could not be saved. Nothing was changed; please try again.",
  updated: "Entry updated",
  deleted: "Entry deleted",
  deleteFailed: "The entry could not be deleted",
  loadFailed: "The inventory could not be loaded",
  notFound: "Entry not found",
  unreadable: "This entry could not be opened. It may have been damaged.",
  cryptoWarning:
    "Never write a recovery phrase (seed words) or a private key here. Keep it in a password item and say here which one, and where any paper copy is.",
  deviceHint:
    "A PIN or passcode written here is encrypted like everything else in your vault, and shown only to you, or to the people you leave this entry to after a release.",
  importTooLarge: "The file is too large. Maximum size is 5MB.",
  importTooManyRows: `The file holds more than ${ESTATE_IMPORT_MAX_ROWS.toLocaleString("en-US")} entries. Split it and import each part.`,
  importUnreadable: "The file could not be read.",
  importBrokenCsv: "The file is not valid CSV: a quoted field is never closed.",
  importNoHeader:
    "The first line must name the columns. It needs at least name and category (see the example).",
  importEmpty: "The file holds no entries to import.",
  importFailed: "Some entries could not be saved",
} as const;

/* ---------- the sealed content ---------- */

/** An opened field read leniently: anything but a string reads as empty. */
const lenientText = z.string().trim().catch("");

/** A free-text field: trimmed, at most `max` characters (the form's and the import's rule). */
const strictText = (max: number, message: string) => z.string().trim().max(max, message);

/**
 * The fields of an entry, sealed in the browser with its content key; its name is the item's
 * sealed title (docs/decisions/080). Checked before sealing, and again after opening.
 */
export const estateContentSchema = z.strictObject({
  category: z.enum(ESTATE_CATEGORY_IDS, ESTATE_MSG.categoryRequired),
  institution: strictText(ESTATE_LIMITS.institution, ESTATE_MSG.institutionTooLong),
  reference: strictText(ESTATE_LIMITS.reference, ESTATE_MSG.referenceTooLong),
  contact: strictText(ESTATE_LIMITS.contact, ESTATE_MSG.contactTooLong),
  /** null: not decided yet. */
  action: z.enum(ESTATE_ACTION_IDS).nullable(),
  instructions: strictText(ESTATE_LIMITS.instructions, ESTATE_MSG.instructionsTooLong),
});
export type EstateContent = z.infer<typeof estateContentSchema>;

/**
 * An opened entry read leniently: a field missing or of the wrong shape (a later version, a
 * damaged edit) reads as empty rather than hiding the whole entry; an unknown category reads as
 * null, which the list shows under "Other".
 */
export const openedEstateSchema = z.object({
  category: z.enum(ESTATE_CATEGORY_IDS).nullable().catch(null),
  institution: lenientText,
  reference: lenientText,
  contact: lenientText,
  action: z.enum(ESTATE_ACTION_IDS).nullable().catch(null),
  instructions: lenientText,
});
export type OpenedEstateContent = z.infer<typeof openedEstateSchema>;

/** The label of a category or an action written by a person (a CSV cell): its id or its words, any case. */
export function findByLabel<K extends string>(
  labels: Record<K, string>,
  written: string,
): K | undefined {
  const wanted = written.trim().toLowerCase();
  if (!wanted) return undefined;
  return (Object.keys(labels) as K[]).find(
    (k) => k.toLowerCase() === wanted || labels[k].toLowerCase() === wanted,
  );
}
