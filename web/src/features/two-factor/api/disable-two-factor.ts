import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { signInSecretFor } from "@/lib/keys/sign-in-secret";

export type DisableTwoFactorInput = { email: string; password: string };

/** Turns sign-in codes off; the server asks for the password again (its sign-in secret, decision 038). */
export const disableTwoFactor = async ({ email, password }: DisableTwoFactorInput) => {
  const { secret } = await signInSecretFor(email, password);
  return api<{ status: boolean }>("/api/auth/two-factor/disable", {
    method: "POST",
    body: { password: secret },
  });
};

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }),
  });
}
