import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { webhooksQueryKey } from "./list-webhooks";

/** Stops the webhook at once; its pending deliveries are not sent. */
export const deleteWebhook = (id: string) =>
  api<{ ok: true }>(`/api/firm/webhooks/${encodeURIComponent(id)}/delete`, { method: "POST" });

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => qc.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
