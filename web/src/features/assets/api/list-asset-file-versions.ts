import type { AssetFileKind, AssetFileVersionsView } from "@common/assets/files";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { assetsQueryKey } from "./list-assets";
import { assetFilePath } from "./upload-asset-file";

/** Where a version's ciphertext is: the file itself for the current one, else the earlier version. */
export const assetFileVersionPath = (
  assetId: string,
  kind: AssetFileKind,
  versionId: string | null,
) =>
  versionId === null
    ? assetFilePath(assetId, kind)
    : `${assetFilePath(assetId, kind)}/versions/${encodeURIComponent(versionId)}`;

export const listAssetFileVersions = (assetId: string, kind: AssetFileKind) =>
  api<AssetFileVersionsView>(`${assetFilePath(assetId, kind)}/versions`).then((r) => r.versions);

/** Under assetsQueryKey: every save of the asset refreshes it. */
export const listAssetFileVersionsQueryOptions = (assetId: string, kind: AssetFileKind) =>
  queryOptions({
    queryKey: [...assetsQueryKey, "versions", assetId, kind],
    queryFn: () => listAssetFileVersions(assetId, kind),
  });

export const useAssetFileVersions = (assetId: string, kind: AssetFileKind) =>
  useQuery(listAssetFileVersionsQueryOptions(assetId, kind));
