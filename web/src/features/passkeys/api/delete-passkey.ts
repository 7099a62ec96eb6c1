import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { passkeysQueryKey } from "./list-passkeys";

/** Removes one of the account's passkeys: it signs in no more. */
export const deletePasskey = (id: string) =>
  api<void>(`/api/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeletePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSettled: () => qc.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
