import type { ClientImportDetail } from "@common/client-imports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { clientImportQueryKey } from "./get-client-import";
import { clientImportsQueryKey } from "./list-client-imports";

/** The invitations go out in the background; starting twice changes nothing. */
export const startClientImport = (id: string) =>
  api<ClientImportDetail>(`/api/firm/client-imports/${encodeURIComponent(id)}/start`, {
    method: "POST",
  });

export function useStartClientImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startClientImport,
    onSuccess: (detail) => {
      qc.setQueryData([...clientImportQueryKey, detail.import.id], detail);
      return qc.invalidateQueries({ queryKey: clientImportsQueryKey });
    },
  });
}
