import { ASSET_MSG, TITLE_MAX_LENGTH } from "@common/assets";
import {
  ESTATE_ACTION_IDS,
  ESTATE_CATEGORY_IDS,
  ESTATE_MSG,
  estateContentSchema,
  type EstateContent,
  type OpenedEstateContent,
} from "@common/assets/estate";
import { z } from "zod";

/**
 * The entry form: a name (the item's sealed title), the entry's fields (estateContentSchema's
 * rules) and its beneficiaries. The selects start empty: "" is "not chosen".
 */
export const estateFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, ASSET_MSG.titleRequired)
    .max(TITLE_MAX_LENGTH, ASSET_MSG.titleTooLong),
  category: z.union([z.enum(ESTATE_CATEGORY_IDS), z.literal("")]).refine((v) => v !== "", {
    message: ESTATE_MSG.categoryRequired,
  }),
  institution: estateContentSchema.shape.institution,
  reference: estateContentSchema.shape.reference,
  contact: estateContentSchema.shape.contact,
  action: z.union([z.enum(ESTATE_ACTION_IDS), z.literal("")]),
  instructions: estateContentSchema.shape.instructions,
  beneficiaryEmails: z.array(z.string()),
});
export type EstateFormInput = z.input<typeof estateFormSchema>;
export type EstateFormValues = z.output<typeof estateFormSchema>;

/** The form's values for a new entry, or for a stored one. */
export const estateFormDefaults = (stored?: {
  title: string;
  content: OpenedEstateContent;
  beneficiaryEmails: string[];
}): EstateFormInput => ({
  title: stored?.title ?? "",
  category: stored?.content.category ?? "",
  institution: stored?.content.institution ?? "",
  reference: stored?.content.reference ?? "",
  contact: stored?.content.contact ?? "",
  action: stored?.content.action ?? "",
  instructions: stored?.content.instructions ?? "",
  beneficiaryEmails: stored?.beneficiaryEmails ?? [],
});

/** The sealed content of checked form values (checked again against the stored shape). */
export const estateContentOf = (v: EstateFormValues): EstateContent =>
  estateContentSchema.parse({
    category: v.category,
    institution: v.institution,
    reference: v.reference,
    contact: v.contact,
    action: v.action || null,
    instructions: v.instructions,
  });
