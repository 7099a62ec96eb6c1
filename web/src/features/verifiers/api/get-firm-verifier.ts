import type { FirmVerifierView } from "@common/verifiers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The firm's own verifier role for a client (admins only), or null when the client did not name it. */
export const getFirmVerifier = (clientId: string) =>
  api<{ verifier: FirmVerifierView }>(`/api/clients/${encodeURIComponent(clientId)}/verifier`);

export const firmVerifierQueryKey = (clientId: string) => ["firm-verifier", clientId] as const;
export const firmVerifierQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: firmVerifierQueryKey(clientId),
    queryFn: () => getFirmVerifier(clientId),
  });
export const useFirmVerifier = (clientId: string, isEnabled: boolean) =>
  useQuery({ ...firmVerifierQueryOptions(clientId), enabled: isEnabled });
