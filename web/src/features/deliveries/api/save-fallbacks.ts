import type { DeliveryClaimDays, DeliveryDelayDays, DeliveryView } from "@common/deliveries";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { wrapForPeople } from "@/lib/keys/wrap-for-beneficiary";
import { deliveryQueryOptions } from "./get-delivery";

export type SaveFallbacksInput = {
  asset: { id: string; wrappedKey: Uint8Array };
  delayDays: DeliveryDelayDays;
  claimDays: DeliveryClaimDays;
  /** The people next in turn, first first (none: the item has no fallback). */
  emails: string[];
};

/**
 * PUT /api/deliveries/:id with the whole list of fallback people (decision 096): here, in the
 * owner's browser, the item's content key is wrapped with each person's beneficiary key (made
 * now, as a hand-over key, for a person who has none yet); the server receives only the wraps.
 */
export async function saveFallbacks(queryClient: QueryClient, input: SaveFallbacksInput) {
  const fallbacks = await wrapForPeople(queryClient, input.asset, input.emails);
  return api<DeliveryView>(`/api/deliveries/${encodeURIComponent(input.asset.id)}`, {
    method: "PUT",
    body: { delayDays: input.delayDays, claimDays: input.claimDays, fallbacks },
  });
}

export function useSaveFallbacks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveFallbacksInput) => saveFallbacks(qc, input),
    onSuccess: (view) => qc.setQueryData(deliveryQueryOptions(view.assetId).queryKey, view),
  });
}
