import { derivePasswordKeys } from "@/lib/crypto/password-keys";
import { fromBase64 } from "@/lib/crypto/vault-crypto";
import { getSignInKdf } from "./api/get-sign-in-kdf";
import type { PendingKeys } from "./vault-state";

export type SignInSecret = {
  /** What goes to the server as `password`. */
  secret: string;
  /** What this tab needs to open the vault once signed in (see holdPendingKeys). */
  pending: PendingKeys;
};

/**
 * The one way to turn a typed password into what the server receives (decision 038): asks for
 * the account's salt and cost (POST /api/kdf) and derives the sign-in secret and the password key
 * (PBKDF2, about half a second: show progress). An account not moved over yet (`kdf: null`) gets
 * its password as is, once more. Light enough for /login.
 */
export async function signInSecretFor(email: string, password: string): Promise<SignInSecret> {
  const { kdf } = await getSignInKdf(email.trim());
  if (!kdf) return { secret: password, pending: { password } };
  const keys = await derivePasswordKeys(password, {
    salt: fromBase64(kdf.salt),
    iterations: kdf.iterations,
  });
  return { secret: keys.signInSecret, pending: { passwordKey: keys.passwordKey } };
}
