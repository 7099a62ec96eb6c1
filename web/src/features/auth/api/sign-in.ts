import { api } from "@/lib/api-client";
import { sendSignInCode } from "./send-sign-in-code";

export type SignInInput = { email: string; password: string };
export type SignInResult = { twoFactorRedirect?: boolean };

/**
 * Password step. When the account uses e-mail codes, asks the server to send one.
 * No useMutation hook: /login calls this directly (its first-visit JavaScript budget), then
 * hands the session to the app with useEnterApp (features/auth/after-sign-in.ts). Invalidating
 * ['me'] here would let the /login guard send the user to /dashboard instead of where they were going.
 */
export async function signIn(input: SignInInput): Promise<SignInResult> {
  const result = await api<SignInResult>("/api/auth/sign-in/email", {
    method: "POST",
    body: { ...input, rememberMe: true },
  });
  if (result.twoFactorRedirect) await sendSignInCode();
  return result;
}
