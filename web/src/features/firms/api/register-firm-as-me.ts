import type { FirmView, RegisterFirmAsMeInput } from "@common/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { signInSecretFor } from "@/lib/keys/sign-in-secret";
import { storeFirm } from "./get-firm";

/**
 * A signed-in individual registers a firm and becomes its first admin (decision 034), confirming
 * with their password: its sign-in secret goes, derived here for `email` (decision 038).
 */
export const registerFirmAsMe = async ({
  email,
  ...input
}: RegisterFirmAsMeInput & { email: string }) => {
  const { secret } = await signInSecretFor(email, input.password);
  const body: RegisterFirmAsMeInput = { ...input, password: secret };
  return (await api<{ firm: FirmView }>("/api/firm", { method: "POST", body })).firm;
};

/** Resolves once the signed-in user has been re-read as the firm's admin. */
export function useRegisterFirmAsMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: registerFirmAsMe,
    onSuccess: (firm) =>
      Promise.all([storeFirm(qc, firm), qc.invalidateQueries({ queryKey: meQueryKey })]),
  });
}
