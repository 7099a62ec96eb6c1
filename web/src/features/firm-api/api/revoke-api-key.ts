import type { ApiKeyView } from "@common/firm-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { apiKeysQueryKey } from "./list-api-keys";

/** Revoked at once and for good: the key's next request is refused. */
export const revokeApiKey = async (id: string) =>
  (
    await api<{ key: ApiKeyView }>(`/api/firm/api-keys/${encodeURIComponent(id)}/revoke`, {
      method: "POST",
    })
  ).key;

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
