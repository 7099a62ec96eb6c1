import { ASSET_MSG, TITLE_MAX_LENGTH } from "@common/assets";
import { z } from "zod";

/** Spec 02 §5: a title of at least 1 character; the text and the beneficiary are optional. Recording and attachment are kept apart. */
export const noteFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, ASSET_MSG.titleRequired)
    .max(TITLE_MAX_LENGTH, ASSET_MSG.titleTooLong),
  text: z.string().max(100_000),
  beneficiaryEmails: z.array(z.string()),
});
export type NoteForm = z.infer<typeof noteFormSchema>;
