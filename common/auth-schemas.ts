import { z } from "zod";
import { NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants.js";
import { normalizeFirmCode } from "./firm-codes.js";
import { MSG } from "./messages.js";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: MSG.invalidEmail }).max(254));

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

export const registerSchema = z.object({
  name: z.string().trim().min(1, MSG.registerMissing).max(200),
  email: emailSchema,
  password: newPasswordSchema,
  firmCode: z
    .string()
    .transform(normalizeFirmCode)
    .pipe(z.string().max(20))
    .optional()
    .transform((s) => (s ? s : undefined)),
  /** The `code` of an invitation link (/register?email=…&code=…). */
  invitationCode: z.string().min(10).max(200).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(NAME_MIN_LENGTH, "Full name must be at least 2 characters").max(200),
    phone: z.string().trim().max(50).nullable(),
    address: z.string().trim().max(1000).nullable(),
  })
  .strict();
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Please enter your current password").max(PASSWORD_MAX_LENGTH),
  newPassword: newPasswordSchema,
});

export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(500),
  newPassword: newPasswordSchema,
});
