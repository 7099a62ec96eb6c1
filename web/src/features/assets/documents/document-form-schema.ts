import { ASSET_MSG, TITLE_MAX_LENGTH } from "@common/assets";
import { DOCUMENT_MSG } from "@common/assets/documents";
import { z } from "zod";

export const NOTES_MAX_LENGTH = 10_000;

/** /documents/new (spec 02 §5): a title is required; notes and the beneficiary are optional. The file is checked apart (vault/check-file.ts). */
export const documentFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, DOCUMENT_MSG.titleRequired)
    .max(TITLE_MAX_LENGTH, ASSET_MSG.titleTooLong),
  notes: z.string().max(NOTES_MAX_LENGTH),
  beneficiaryEmails: z.array(z.string()),
});
export type DocumentForm = z.infer<typeof documentFormSchema>;

/** A file name kept in the encrypted content; a browser's download takes any name but an empty one. */
export const FILE_NAME_MAX_LENGTH = 255;

/** /documents/{id}: the title, the file's name (renamed in place), the notes and the beneficiary. */
export const documentEditSchema = documentFormSchema.extend({
  /** Marked "for my legal contact" (decision 091). */
  isForLegalContact: z.boolean(),
  fileName: z
    .string()
    .trim()
    .min(1, "Please enter a file name")
    .max(FILE_NAME_MAX_LENGTH, `File name must be at most ${FILE_NAME_MAX_LENGTH} characters`),
});
export type DocumentEdit = z.infer<typeof documentEditSchema>;
