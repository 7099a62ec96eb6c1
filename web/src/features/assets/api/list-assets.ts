import type { AssetListView, AssetType } from "@common/assets";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const listAssets = (type?: AssetType) =>
  api<AssetListView>(`/api/assets${type ? `?type=${type}` : ""}`).then((r) => r.assets);

export const assetsQueryKey = ["assets"] as const;
export const listAssetsQueryOptions = (type?: AssetType) =>
  queryOptions({
    queryKey: [...assetsQueryKey, "list", type ?? "all"],
    queryFn: () => listAssets(type),
  });
export const useAssets = (type?: AssetType) => useQuery(listAssetsQueryOptions(type));
