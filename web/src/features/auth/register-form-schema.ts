import { emailSchema, newPasswordSchema, registerSchema } from "@common/auth-schemas";
import { AUTH_MSG } from "@common/auth";
import { z } from "zod";
import { serverErrors } from "@/lib/field-errors";

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

export type RegisterFormField = (typeof REGISTER_FORM_FIELDS)[number];
/** The first message for each field that fails its check. */
export type RegisterFormErrors = Partial<Record<RegisterFormField, string>>;

const isFormField = (key: unknown): key is RegisterFormField =>
  REGISTER_FORM_FIELDS.includes(key as RegisterFormField);

/**
 * The form's checks: the values to send (trimmed), or the first message for each field that fails,
 * as react-hook-form's zod resolver gave them before /register became a plain form (decision 077).
 */
export function checkRegisterForm(
  input: RegisterFormInput,
):
  | { values: RegisterFormValues; errors?: undefined }
  | { values?: undefined; errors: RegisterFormErrors } {
  const parsed = registerFormSchema.safeParse(input);
  if (parsed.success) return { values: parsed.data };
  const errors: RegisterFormErrors = {};
  for (const { path, message } of parsed.error.issues) {
    const [field] = path;
    if (isFormField(field)) errors[field] ??= message;
  }
  return { errors };
}

/** A refusal from the server as this form shows it: on its fields, or as the form's own error. */
export const registerRefusal = (err: unknown) =>
  serverErrors(err, { fields: REGISTER_FORM_FIELDS, fallback: AUTH_MSG.registerFormError });
