import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";

/** Verifying a code with a signed-in session sets twoFactorEnabled (and rotates the session cookie). */
export const enableTwoFactor = ({ code }: { code: string }) =>
  api<unknown>("/api/auth/two-factor/verify-otp", { method: "POST", body: { code } });

export function useEnableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }),
  });
}
