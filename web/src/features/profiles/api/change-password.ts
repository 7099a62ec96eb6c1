import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

/** Keeps this session (the server issues a fresh one) and signs every other device out. */
export const changePassword = (input: ChangePasswordInput) =>
  api<unknown>("/api/auth/change-password", {
    method: "POST",
    body: { ...input, revokeOtherSessions: true },
  });

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }),
  });
}
