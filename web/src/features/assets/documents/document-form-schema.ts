import { ASSET_MSG, TITLE_MAX_LENGTH } from "@common/assets";
import { z } from "zod";

export const NOTES_MAX_LENGTH = 10_000;

/** /documents/new (spec 02 §5): a title is required; notes and the beneficiary are optional. The file is checked apart (vault/check-file.ts). */
export const documentFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, ASSET_MSG.documentTitleRequired)
    .max(TITLE_MAX_LENGTH, ASSET_MSG.titleTooLong),
  notes: z.string().max(NOTES_MAX_LENGTH),
  beneficiaryEmail: z.string().nullable(),
});
export type DocumentForm = z.infer<typeof documentFormSchema>;

/** /documents/{id}: only the notes and the beneficiary can change. */
export const documentEditSchema = documentFormSchema.omit({ title: true });
export type DocumentEdit = z.infer<typeof documentEditSchema>;
