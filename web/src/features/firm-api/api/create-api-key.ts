import type { CreateApiKeyInput, CreatedApiKeyView } from "@common/firm-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { apiKeysQueryKey } from "./list-api-keys";

/** A new key: the answer holds its text, which is shown this once. */
export const createApiKey = (input: CreateApiKeyInput) =>
  api<CreatedApiKeyView>("/api/firm/api-keys", { method: "POST", body: input });

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
