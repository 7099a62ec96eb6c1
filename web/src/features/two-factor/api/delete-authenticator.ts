import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { signInSecretFor } from "@/lib/keys/sign-in-secret";
import type { PasswordInput } from "./create-authenticator";
import { twoFactorQueryKey } from "./get-two-factor";

/** Removes the authenticator app and its recovery codes; the e-mailed code stays on. */
export const deleteAuthenticator = async ({ email, password }: PasswordInput) => {
  const { secret } = await signInSecretFor(email, password);
  return api<void>("/api/two-factor/authenticator", {
    method: "DELETE",
    body: { password: secret },
  });
};

export function useDeleteAuthenticator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAuthenticator,
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
