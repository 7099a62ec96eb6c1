import type { ResetPasswordKeysInput } from "@common/keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";

/**
 * POST /api/vault/reset: the new sign-in secret and the keys, with the e-mailed token (decision
 * 038; it replaces better-auth's /reset-password). The server ends every session of the account.
 */
export const resetPasswordKeys = (input: ResetPasswordKeysInput) =>
  api<unknown>("/api/vault/reset", { method: "POST", body: input });

export function useResetPasswordKeys() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resetPasswordKeys,
    onSuccess: () => {
      // Any session this browser had is gone too: forget the cached user.
      qc.clear();
      qc.setQueryData(meQueryKey, null);
    },
  });
}
