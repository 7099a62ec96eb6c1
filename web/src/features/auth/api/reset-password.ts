import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";

export type ResetPasswordInput = { token: string; newPassword: string };

/** Sets a new password with the e-mailed token. The server ends every session of the account. */
export const resetPassword = (input: ResetPasswordInput) =>
  api<{ status: boolean }>("/api/auth/reset-password", { method: "POST", body: input });

export function useResetPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      // Any session this browser had is gone too: forget the cached user.
      qc.clear();
      qc.setQueryData(meQueryKey, null);
    },
  });
}
