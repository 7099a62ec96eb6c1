import type { SecondFactor } from "@common/two-factor";
import { api } from "@/lib/api-client";
import { signInSecretFor } from "@/lib/keys/sign-in-secret";
import { holdPendingKeys } from "@/lib/keys/vault-state";
import { sendSignInCode } from "./send-sign-in-code";

export type SignInInput = { email: string; password: string };
export type SignInResult = {
  twoFactorRedirect?: boolean;
  /** The account's second factors: "totp" when it has an authenticator app, "otp" (the e-mailed code) always. */
  twoFactorMethods?: SecondFactor[];
};

/**
 * Password step. The password never leaves the browser (decision 038): the sign-in secret derived
 * from it goes as `password` (or, for an account not moved over yet, the password as is, the last
 * time), and the keys to open the vault are handed to lib/keys for after sign-in (through
 * /mfa too: they live in memory, not in the page). When the account uses e-mail codes and has no
 * authenticator app, asks the server to send one; with an app, /mfa asks for its code and e-mails
 * one only when asked (decision 052).
 * No useMutation hook: /login calls this directly (its first-visit JavaScript budget), then
 * hands the session to the app with useEnterApp (features/auth/after-sign-in.ts). Invalidating
 * ['me'] here would let the /login guard send the user to /dashboard instead of where they were going.
 */
export async function signIn({ email, password }: SignInInput): Promise<SignInResult> {
  const { secret, pending } = await signInSecretFor(email, password);
  const result = await api<SignInResult>("/api/auth/sign-in/email", {
    method: "POST",
    body: { email, password: secret, rememberMe: true },
  });
  holdPendingKeys(pending);
  if (result.twoFactorRedirect && !result.twoFactorMethods?.includes("totp"))
    await sendSignInCode();
  return result;
}
