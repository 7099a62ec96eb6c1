import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./auth.js";
import { PASSKEY_MSG, PASSKEY_NAME_MAX_LENGTH } from "./passkeys.js";

/** A passkey's name as typed: trimmed, 1 to PASSKEY_NAME_MAX_LENGTH characters. */
export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, PASSKEY_MSG.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_MSG.nameTooLong);

/** POST /api/passkeys/options: the password (as its sign-in secret, decision 038) and the new passkey's name. */
export const passkeyOptionsSchema = z.strictObject({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  name: passkeyNameSchema,
});
export type PasskeyOptionsInput = z.infer<typeof passkeyOptionsSchema>;

/** POST /api/passkeys: the browser's answer to the options (WebAuthn's registration response) and the name. */
export const passkeyCreateSchema = z.strictObject({
  name: passkeyNameSchema,
  response: z.looseObject({
    id: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.looseObject({}),
  }),
});
export type PasskeyCreateInput = z.infer<typeof passkeyCreateSchema>;

/** PATCH /api/passkeys/:id: a new name. */
export const passkeyRenameSchema = z.strictObject({ name: passkeyNameSchema });
export type PasskeyRenameInput = z.infer<typeof passkeyRenameSchema>;
