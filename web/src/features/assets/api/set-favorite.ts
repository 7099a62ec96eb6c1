import type { AssetView } from "@common/assets";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { assetsQueryKey } from "./list-assets";

export const setFavorite = ({ id, isFavorite }: { id: string; isFavorite: boolean }) =>
  api<{ asset: AssetView }>(`/api/assets/${encodeURIComponent(id)}/favorite`, {
    method: "PATCH",
    body: { isFavorite },
  }).then((r) => r.asset);

/** The star toggle: the lists show the new state at once and refetch their metadata after. */
export function useSetFavorite() {
  const qc = useQueryClient();
  const listKey = [...assetsQueryKey, "list"];
  return useMutation({
    mutationFn: setFavorite,
    onMutate: async ({ id, isFavorite }) => {
      await qc.cancelQueries({ queryKey: listKey });
      qc.setQueriesData<AssetView[]>({ queryKey: listKey }, (list) =>
        list?.map((a) => (a.id === id ? { ...a, isFavorite } : a)),
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: listKey }),
  });
}
