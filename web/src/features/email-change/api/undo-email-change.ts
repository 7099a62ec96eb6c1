import type { EmailChangeDoneView } from "@common/email-change";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { clearVault } from "@/lib/keys/vault-state";

/** The link mailed to the old address: the address comes back and every session ends (so does this tab's vault key). */
export const undoEmailChange = (token: string) =>
  api<EmailChangeDoneView>("/api/email-change/undo", { method: "POST", body: { token } });

export function useUndoEmailChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: undoEmailChange,
    onSuccess: () => {
      clearVault();
      qc.removeQueries(); // nothing of the account stays in this tab
      qc.setQueryData(meQueryKey, null);
    },
  });
}
