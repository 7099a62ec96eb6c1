import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./auth.js";
import { AUTHENTICATOR_CODE_LENGTH } from "./two-factor.js";

/** POST /api/two-factor/authenticator, DELETE …/authenticator, POST …/recovery-codes: the password as the server checks it (the sign-in secret, decision 038). */
export const twoFactorPasswordSchema = z.strictObject({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type TwoFactorPasswordInput = z.infer<typeof twoFactorPasswordSchema>;

/** POST /api/two-factor/authenticator/confirm: the app's current code. */
export const authenticatorCodeSchema = z.strictObject({
  code: z
    .string()
    .regex(
      new RegExp(`^\\d{${AUTHENTICATOR_CODE_LENGTH}}$`),
      "Please enter a valid verification code",
    ),
});
export type AuthenticatorCodeInput = z.infer<typeof authenticatorCodeSchema>;
