import { emailSchema, newPasswordSchema, registerSchema } from "@common/auth-schemas";
import { AUTH_MSG } from "@common/auth";
import { z } from "zod";

/** /register's form (spec 01 §5 Registration): required fields, matching passwords, 8+ characters. */
export const registerFormSchema = z
  .object({
    name: registerSchema.shape.name,
    email: z.string().trim().min(1, AUTH_MSG.registerMissing).pipe(emailSchema),
    password: z.string().min(1, AUTH_MSG.registerMissing).pipe(newPasswordSchema),
    confirmPassword: z.string(),
    firmCode: z.string().trim(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MSG.passwordsDoNotMatch,
  });

export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormValues = z.output<typeof registerFormSchema>;

/** The fields of this form, which a refusal's ApiError.fields may name. */
export const REGISTER_FORM_FIELDS = [
  "name",
  "email",
  "password",
  "confirmPassword",
  "firmCode",
] as const satisfies readonly (keyof RegisterFormInput)[];
