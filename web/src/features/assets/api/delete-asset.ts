import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { assetsQueryKey } from "./list-assets";

export const deleteAsset = (id: string) =>
  api<{ ok: true }>(`/api/assets/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteAsset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    onSuccess: () => qc.invalidateQueries({ queryKey: assetsQueryKey }),
  });
}
