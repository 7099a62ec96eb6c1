import {
  WISHES_DISPOSITION_IDS,
  WISHES_DONATION_IDS,
  wishesContentSchema,
  type OpenedWishesContent,
  type WishesContent,
} from "@common/assets/wishes";
import { z } from "zod";

/** The form: the directive's fields (wishesContentSchema's rules), its people and the choice. "" is "not chosen". */
export const wishesFormSchema = z.object({
  disposition: z.union([z.enum(WISHES_DISPOSITION_IDS), z.literal("")]),
  organDonation: z.union([z.enum(WISHES_DONATION_IDS), z.literal("")]),
  place: wishesContentSchema.shape.place,
  ceremony: wishesContentSchema.shape.ceremony,
  music: wishesContentSchema.shape.music,
  readings: wishesContentSchema.shape.readings,
  callFirst: wishesContentSchema.shape.callFirst,
  decider: wishesContentSchema.shape.decider,
  other: wishesContentSchema.shape.other,
  beneficiaryEmails: z.array(z.string()),
  opensAtReport: z.boolean(),
});
export type WishesFormInput = z.input<typeof wishesFormSchema>;
export type WishesFormValues = z.output<typeof wishesFormSchema>;

export const wishesFormDefaults = (stored?: {
  content: OpenedWishesContent;
  beneficiaryEmails: string[];
  opensAtReport: boolean;
}): WishesFormInput => ({
  disposition: stored?.content.disposition ?? "",
  organDonation: stored?.content.organDonation ?? "",
  place: stored?.content.place ?? "",
  ceremony: stored?.content.ceremony ?? "",
  music: stored?.content.music ?? "",
  readings: stored?.content.readings ?? "",
  callFirst: stored?.content.callFirst ?? "",
  decider: stored?.content.decider ?? "",
  other: stored?.content.other ?? "",
  beneficiaryEmails: stored?.beneficiaryEmails ?? [],
  opensAtReport: stored?.opensAtReport ?? true,
});

/** The sealed content of checked form values (checked again against the stored shape). */
export const wishesContentOf = (v: WishesFormValues): WishesContent =>
  wishesContentSchema.parse({
    disposition: v.disposition || null,
    organDonation: v.organDonation || null,
    place: v.place,
    ceremony: v.ceremony,
    music: v.music,
    readings: v.readings,
    callFirst: v.callFirst,
    decider: v.decider,
    other: v.other,
  });
