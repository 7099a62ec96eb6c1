import type { PendingEmailChangeView } from "@common/email-change";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { emailChangeQueryKey } from "./get-email-change";

/** Drops the waiting change; its link stops working (DELETE /api/email-change; 409 when none waits). */
export const deleteEmailChange = () =>
  api<PendingEmailChangeView>("/api/email-change", { method: "DELETE" });

export function useDeleteEmailChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailChange,
    onSuccess: (view) => qc.setQueryData(emailChangeQueryKey, view),
    onError: () => qc.invalidateQueries({ queryKey: emailChangeQueryKey }),
  });
}
