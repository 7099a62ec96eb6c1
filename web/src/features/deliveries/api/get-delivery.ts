import type { DeliveryView } from "@common/deliveries";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const deliveriesQueryKey = ["deliveries"] as const;

/** GET /api/deliveries/:id: when the owner's item is given, in days after the release (decision 096). */
export const getDelivery = (id: string) =>
  api<DeliveryView>(`/api/deliveries/${encodeURIComponent(id)}`);

export const deliveryQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...deliveriesQueryKey, id], queryFn: () => getDelivery(id) });

export const useDelivery = (id: string) => useQuery(deliveryQueryOptions(id));
