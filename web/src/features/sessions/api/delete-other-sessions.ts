import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { sessionsQueryKey } from "./list-sessions";

/** Signs every device but this one out. */
export const deleteOtherSessions = () =>
  api<void>("/api/sessions/revoke-others", { method: "POST", body: {} });

export function useDeleteOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteOtherSessions,
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
