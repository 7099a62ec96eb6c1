import type { DeliveryDelayDays, DeliveryView } from "@common/deliveries";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { deliveryQueryOptions } from "./get-delivery";

/** PUT /api/deliveries/:id: at the release, or 7, 30 or 90 days after it. */
export const updateDelivery = ({ id, delayDays }: { id: string; delayDays: DeliveryDelayDays }) =>
  api<DeliveryView>(`/api/deliveries/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: { delayDays },
  });

export function useUpdateDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateDelivery,
    onSuccess: (view) => qc.setQueryData(deliveryQueryOptions(view.assetId).queryKey, view),
  });
}
