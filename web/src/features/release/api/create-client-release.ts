import type { AttestationInput, ClientReleaseView } from "@common/release";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { clientReleaseQueryKey } from "./get-client-release";

export type CreateClientReleaseInput = AttestationInput & { clientId: string };

/** A firm admin attests a death or incapacity: the client's waiting period starts and they are e-mailed. 409 when a release was already started. */
export const createClientRelease = ({ clientId, ...input }: CreateClientReleaseInput) =>
  api<ClientReleaseView>(`/api/clients/${encodeURIComponent(clientId)}/release`, {
    method: "POST",
    body: input,
  });

export function useCreateClientRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createClientRelease,
    onSuccess: (view, { clientId }) => qc.setQueryData(clientReleaseQueryKey(clientId), view),
  });
}
