import type { IncapacityView } from "@common/incapacity";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { fromBase64 } from "@/lib/crypto/vault-crypto";
import { wrapForPeople } from "@/lib/keys/wrap-for-beneficiary";
import { incapacityQueryKey } from "./get-incapacity";

export type MarkInput = {
  asset: { id: string; wrappedKey: string };
  /** The caregivers the item is for from now on (none: unmarked). */
  emails: string[];
};

/**
 * Marks an item "for incapacity" (decision 093): here, in the owner's browser, the item's content
 * key is wrapped with each caregiver's beneficiary key (made now, as a hand-over key, for a person
 * who has none yet); the server receives only the wraps.
 */
export async function markIncapacityItem(queryClient: QueryClient, input: MarkInput) {
  const asset = { id: input.asset.id, wrappedKey: fromBase64(input.asset.wrappedKey) };
  const caregivers = await wrapForPeople(queryClient, asset, input.emails);
  return api<IncapacityView>(`/api/incapacity/items/${encodeURIComponent(input.asset.id)}`, {
    method: "PUT",
    body: { caregivers },
  });
}

export function useMarkIncapacityItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkInput) => markIncapacityItem(qc, input),
    onSuccess: (view) => qc.setQueryData(incapacityQueryKey, view),
  });
}
