import type { ClientFirmDetailsAnswer, UpdateClientFirmDetailsInput } from "@common/clients";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { clientFirmDetailsQueryKey } from "./get-client-firm-details";

/** Saves the firm's reference and notes about a client; blank clears a field. */
export const updateClientFirmDetails = ({
  id,
  input,
}: {
  id: string;
  input: UpdateClientFirmDetailsInput;
}) =>
  api<ClientFirmDetailsAnswer>(`/api/clients/${encodeURIComponent(id)}/firm-details`, {
    method: "PUT",
    body: input,
  });

export function useUpdateClientFirmDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateClientFirmDetails,
    onSuccess: (saved) => {
      qc.setQueryData(clientFirmDetailsQueryKey(saved.client.id), saved);
      return qc.invalidateQueries({ queryKey: clientFirmDetailsQueryKey(saved.client.id) });
    },
  });
}
