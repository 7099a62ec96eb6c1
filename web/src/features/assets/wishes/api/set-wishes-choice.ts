import type { WishesChoiceView } from "@common/assets/wishes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { wishesChoiceQueryKey } from "./get-wishes-choice";

/** Sets whether the owner's final wishes open as soon as a death is confirmed. */
export const setWishesChoice = (id: string, opensAtReport: boolean) =>
  api<WishesChoiceView>(`/api/wishes/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: { opensAtReport },
  });

export function useSetWishesChoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; opensAtReport: boolean }) =>
      setWishesChoice(v.id, v.opensAtReport),
    onSuccess: (view) => qc.setQueryData(wishesChoiceQueryKey(view.id), view),
  });
}
