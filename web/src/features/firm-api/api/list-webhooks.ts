import type { WebhookListView } from "@common/firm-api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The firm's webhooks and their latest deliveries (firm admins only). */
export const listWebhooks = () => api<WebhookListView>("/api/firm/webhooks");

export const webhooksQueryKey = ["firm-api", "webhooks"] as const;
export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhooksQueryKey, queryFn: listWebhooks });
export const useWebhooks = () => useQuery(webhooksQueryOptions());
