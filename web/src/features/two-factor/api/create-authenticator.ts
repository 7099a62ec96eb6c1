import type { AuthenticatorSetupView } from "@common/two-factor";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { signInSecretFor } from "@/lib/keys/sign-in-secret";

export type PasswordInput = { email: string; password: string };

/** A new authenticator key and recovery codes; the password goes as its sign-in secret (decision 038), never as typed. */
export const createAuthenticator = async ({ email, password }: PasswordInput) => {
  const { secret } = await signInSecretFor(email, password);
  return api<AuthenticatorSetupView>("/api/two-factor/authenticator", {
    method: "POST",
    body: { password: secret },
  });
};

export const useCreateAuthenticator = () => useMutation({ mutationFn: createAuthenticator });
