import type { EmailChangeDoneView } from "@common/email-change";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";

/** The link mailed to the new address: the account's address changes. 404 when the link is invalid, expired or used. */
export const confirmEmailChange = (token: string) =>
  api<EmailChangeDoneView>("/api/email-change/confirm", { method: "POST", body: { token } });

export function useConfirmEmailChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }),
  });
}
