import type { AccountDeletionView } from "@common/account-deletion";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { signInSecretFor } from "@/lib/keys/sign-in-secret";
import { accountDeletionQueryKey } from "./get-account-deletion";

export type CreateAccountDeletionInput = { email: string; confirmation: string; password: string };

/**
 * Starts the grace period (POST /api/account-deletion). The password goes as the server checks it
 * at sign-in: the sign-in secret derived from it once the account has owner-held keys (decision
 * 038), so this takes about half a second. 400 for a wrong password or address, 409 for a firm's
 * last administrator or a deletion already pending.
 */
export async function createAccountDeletion({
  email,
  confirmation,
  password,
}: CreateAccountDeletionInput) {
  const { secret } = await signInSecretFor(email, password);
  return api<AccountDeletionView>("/api/account-deletion", {
    method: "POST",
    body: { confirmation, currentPassword: secret },
  });
}

export function useCreateAccountDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createAccountDeletion,
    onSuccess: (view) => qc.setQueryData(accountDeletionQueryKey, view),
  });
}
