import { ASSET_MSG, TITLE_MAX_LENGTH } from "@common/assets";
import { PASSWORD_MSG, type PasswordContent } from "@common/assets/passwords";
import { z } from "zod";

/** The fields besides the title (spec 02 §3, §5): the password is required, the rest optional. */
const contentFields = {
  website: z.string().trim().max(2000, "Website must be at most 2000 characters"),
  username: z.string().max(500, "Username must be at most 500 characters"),
  password: z
    .string()
    .min(1, PASSWORD_MSG.passwordRequired)
    .max(2000, "Password must be at most 2000 characters"),
  notes: z.string().max(20_000, "Notes must be at most 20000 characters"),
  beneficiaryEmails: z.array(z.string()),
};

/** /vault/new: the form requires a title. */
export const newPasswordSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, ASSET_MSG.titleRequired)
    .max(TITLE_MAX_LENGTH, ASSET_MSG.titleTooLong),
  ...contentFields,
});

/** /vault/{id} in edit mode: an empty title keeps the stored one (spec 02 §5). */
export const editPasswordSchema = z.object({
  title: z.string().trim().max(TITLE_MAX_LENGTH, ASSET_MSG.titleTooLong),
  ...contentFields,
});

export type PasswordForm = z.infer<typeof newPasswordSchema>;

export const emptyPasswordForm: PasswordForm = {
  title: "",
  website: "",
  username: "",
  password: "",
  notes: "",
  beneficiaryEmails: [],
};

/** The part of the form that is encrypted in the browser. */
export const toPasswordContent = ({
  username,
  password,
  website,
  notes,
}: PasswordForm): PasswordContent => ({ username, password, website, notes });
