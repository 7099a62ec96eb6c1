import type { AssetFileKind } from "@common/vault-constants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { assetsQueryKey } from "./list-assets";
import { assetFilePath } from "./upload-asset-file";

/** Removes the asset's file of this kind (a note's recording or attachment). */
export const deleteAssetFile = ({ assetId, kind }: { assetId: string; kind: AssetFileKind }) =>
  api<{ ok: true }>(assetFilePath(assetId, kind), { method: "DELETE" });

export function useDeleteAssetFile() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAssetFile, onSuccess: () => qc.invalidateQueries({ queryKey: assetsQueryKey }) });
}
