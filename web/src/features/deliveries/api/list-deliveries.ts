import type { DeliveryListView } from "@common/deliveries";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { deliveriesQueryKey } from "./get-delivery";

/** GET /api/deliveries: the owner's items that wait or name people in turn (decision 096). */
export const listDeliveries = () => api<DeliveryListView>("/api/deliveries");

export const useDeliveries = () =>
  useQuery({ queryKey: [...deliveriesQueryKey, "list"], queryFn: listDeliveries });
