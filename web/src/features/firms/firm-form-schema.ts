import { NAME_MIN_LENGTH } from "@common/auth";
import { FIRM_EDIT_MSG, LOGO_MAX_BYTES } from "@common/firms";
import { z } from "zod";

/** /firm/edit (spec 02 §5): a name of at least 2 characters; phone and address optional (empty = none). */
export const firmFormSchema = z.object({
  name: z.string().trim().min(NAME_MIN_LENGTH, FIRM_EDIT_MSG.nameTooShort).max(200),
  phone: z.string().trim().max(50),
  address: z.string().trim().max(1000),
});
export type FirmForm = z.infer<typeof firmFormSchema>;

/**
 * The browser's first checks of a chosen logo (the server checks again, by content): a raster
 * image (SVG is refused, as the server refuses it) of at most 2 MB. Whether it decodes:
 * decode-logo.ts.
 */
export function logoFileError(file: File): string | undefined {
  if (!file.type.startsWith("image/") || file.type === "image/svg+xml")
    return FIRM_EDIT_MSG.logoNotImage;
  if (file.size > LOGO_MAX_BYTES) return FIRM_EDIT_MSG.logoTooLarge;
  return undefined;
}
