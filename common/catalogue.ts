import { z } from "zod";
import { emailSchema } from "./auth-schemas.js";
import { assetBeneficiaryKeySchema, encryptedTitleSchema } from "./assets.js";

/**
 * Consent in the law's terms (issue 36 item 6; docs/decisions/098). For each (item, person) the
 * owner chooses what the person may receive: the content ("content", the default and every row
 * made before), or only that the item exists (RUFADAA's "catalogue": its kind and its title).
 */
export const ITEM_ACCESS = ["content", "catalogue"] as const;
export type ItemAccess = (typeof ITEM_ACCESS)[number];

/** Additional data of a title sealed for a catalogue person: bound to its item. */
export const catalogueTitleAad = (assetId: string) => `asset-catalogue:${assetId}`;

/** What is sealed for a catalogue person (JSON): the title only; the kind is the item's type, in clear. */
export type CatalogueTitle = { title: string };

/**
 * PUT /api/assets/:id/access: one person's choice. "content" may carry the content key wrapped for
 * the person's key (otherwise they wait "pending" until the owner's browser wraps it); "catalogue"
 * carries the title sealed for the person's key (with the key's id), never a wrap, or neither when
 * the owner has no key for the address yet.
 */
export const setItemAccessSchema = z.discriminatedUnion("access", [
  z.strictObject({
    email: emailSchema,
    access: z.literal("content"),
    beneficiaryKey: assetBeneficiaryKeySchema.optional(),
  }),
  z
    .strictObject({
      email: emailSchema,
      access: z.literal("catalogue"),
      keyId: z.uuid().optional(),
      sealedTitle: encryptedTitleSchema.optional(),
    })
    .refine((v) => (v.keyId === undefined) === (v.sealedTitle === undefined), {
      message: "A sealed title needs the key it was sealed with",
    }),
]);
export type SetItemAccessInput = z.infer<typeof setItemAccessSchema>;

/** One person an item is left to, and what they may receive. */
export type ItemAccessEntry = {
  email: string;
  access: ItemAccess;
  /** A catalogue person's title is sealed for their current key (false: pending). */
  isTitleSealed: boolean;
};

/** GET and PUT /api/assets/:id/access: the people the item is left to, in the owner's order. */
export type ItemAccessView = { people: ItemAccessEntry[] };

export const CATALOGUE_MSG = {
  roleGivesContent: "This person's role gives them the content of this item",
  keyNotForPerson: "This key is not this person's",
  noWrapForCatalogue: "A person told only that an item exists cannot be given its key",
  notLeft: "Choose what a person receives only for someone the item is left to",
  /** The item form's select. */
  label: "What they receive",
  content: "The content",
  catalogue: "Only that it exists",
  /** The portal, for a catalogue item. */
  portalNotice: "You are told this exists; its content was not left to you",
  titleUnreadable: "Its title could not be read",
  /** The rehearsal, per person. */
  rehearsalCatalogue: (n: number) =>
    `${n} ${n === 1 ? "item" : "items"} only that ${n === 1 ? "it exists" : "they exist"}`,
} as const;
