import type { RecoveryCodesView } from "@common/two-factor";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { signInSecretFor } from "@/lib/keys/sign-in-secret";
import type { PasswordInput } from "./create-authenticator";
import { twoFactorQueryKey } from "./get-two-factor";

/** A new set of ten recovery codes; the old set stops working. */
export const createRecoveryCodes = async ({ email, password }: PasswordInput) => {
  const { secret } = await signInSecretFor(email, password);
  return api<RecoveryCodesView>("/api/two-factor/recovery-codes", {
    method: "POST",
    body: { password: secret },
  });
};

export function useCreateRecoveryCodes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRecoveryCodes,
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
