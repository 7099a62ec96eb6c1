import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@common/auth";
import { FIRM_ONBOARDING_MSG, claimFirmSchema } from "@common/firms";
import { z } from "zod";

/** The firm admin's password rule, worded as spec 01 §5 words it for this form. */
const adminPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, FIRM_ONBOARDING_MSG.adminPasswordTooShort)
  .max(PASSWORD_MAX_LENGTH);

/** Step 2 of /firm-register: the confirmation field stays in the browser; name, e-mail and phone are trimmed, an empty phone is null. */
export const adminAccountFormSchema = z
  .object({
    name: claimFirmSchema.shape.name,
    email: claimFirmSchema.shape.email,
    phone: claimFirmSchema.shape.phone,
    password: adminPassword,
    confirmPassword: adminPassword,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: FIRM_ONBOARDING_MSG.adminPasswordsDontMatch,
  });

export type AdminAccountFormInput = z.input<typeof adminAccountFormSchema>;
export type AdminAccountFormValues = z.output<typeof adminAccountFormSchema>;
export const ADMIN_ACCOUNT_FIELDS = [
  "name",
  "email",
  "phone",
  "password",
  "confirmPassword",
] as const;
