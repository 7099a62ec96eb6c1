import type { AccountDeletionView } from "@common/account-deletion";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { accountDeletionQueryKey } from "./get-account-deletion";

/** The signed-in person keeps their account (DELETE /api/account-deletion; 409 when nothing is pending). */
export const deleteAccountDeletion = () =>
  api<AccountDeletionView>("/api/account-deletion", { method: "DELETE" });

export function useDeleteAccountDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAccountDeletion,
    onSuccess: (view) => qc.setQueryData(accountDeletionQueryKey, view),
  });
}
