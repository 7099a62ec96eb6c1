import type { SignInKdfView } from "@common/keys";
import { api } from "@/lib/api-client";

/**
 * POST /api/kdf: the salt and cost to derive the sign-in secret of `email` (decision 038); `kdf`
 * null: an account not moved over yet, whose password goes as is. Imported by /login: types only
 * from common/keys (its values bring zod).
 */
export const getSignInKdf = (email: string) =>
  api<SignInKdfView>("/api/kdf", { method: "POST", body: { email } });
