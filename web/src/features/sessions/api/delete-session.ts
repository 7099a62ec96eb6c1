import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { sessionsQueryKey } from "./list-sessions";

/** Signs one device out. */
export const deleteSession = (id: string) =>
  api<void>(`/api/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
