import type { PasskeyView } from "@common/passkeys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { passkeysQueryKey } from "./list-passkeys";

/** Renames one of the account's passkeys. */
export const updatePasskey = ({ id, name }: { id: string; name: string }) =>
  api<PasskeyView>(`/api/passkeys/${encodeURIComponent(id)}`, { method: "PATCH", body: { name } });

export function useUpdatePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePasskey,
    onSettled: () => qc.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
