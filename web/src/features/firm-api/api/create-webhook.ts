import type { CreateWebhookInput, CreatedWebhookView } from "@common/firm-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { webhooksQueryKey } from "./list-webhooks";

/** A new webhook: the answer holds its signing secret, which is shown this once. */
export const createWebhook = (input: CreateWebhookInput) =>
  api<CreatedWebhookView>("/api/firm/webhooks", { method: "POST", body: input });

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => qc.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
