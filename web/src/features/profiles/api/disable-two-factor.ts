import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";

/** Turns sign-in codes off; the server asks for the password again. */
export const disableTwoFactor = ({ password }: { password: string }) =>
  api<{ status: boolean }>("/api/auth/two-factor/disable", { method: "POST", body: { password } });

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }),
  });
}
