import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { fromBase64 } from "@/lib/crypto/vault-crypto";
import { openAsset } from "../seal";
import { fetchOwnedTitles } from "../titles/use-opened-titles";
import type { OpenedAssetView } from "../titles/open-titles";
import { useDataKey } from "@/lib/keys/api/get-data-key";
import { assetsQueryKey } from "./list-assets";
import type { AssetType, AssetWithContentView, ContentOf } from "@common/assets";
import { plaintextMeta } from "@/lib/keys/vault-lock";

export const getAsset = (id: string) =>
  api<{ asset: AssetWithContentView }>(`/api/assets/${encodeURIComponent(id)}`).then(
    (r) => r.asset,
  );

export type OpenedAsset<T extends AssetType> = {
  /** With its title opened ("Cannot be opened" when it does not). */
  asset: OpenedAssetView;
  /** Non-extractable: encrypts and decrypts only. */
  contentKey: CryptoKey;
  /** The content key wrapped with the data key, as stored: a save that must wrap it for a beneficiary unwraps it from here. */
  wrappedKey: Uint8Array;
  content: ContentOf<T>;
};

/** One asset, fetched and decrypted in the browser (a DecryptError surfaces as the query's error; no partial data). */
export const openAssetQueryOptions = <T extends AssetType>(
  id: string,
  dataKey: CryptoKey | undefined,
) =>
  queryOptions({
    queryKey: [...assetsQueryKey, "detail", id],
    queryFn: async ({ client }): Promise<OpenedAsset<T>> => {
      if (!dataKey) throw new Error("no data key");
      const { encryptedData, ...asset } = await getAsset(id);
      const wrapped = fromBase64(asset.wrappedKey);
      const opened = await openAsset<T>(dataKey, {
        id: asset.id,
        wrappedKey: wrapped,
        encryptedData: fromBase64(encryptedData),
      });
      const [titled] = await fetchOwnedTitles(client, [asset], dataKey);
      if (!titled) throw new Error("no title");
      return { asset: titled, wrappedKey: wrapped, ...opened };
    },
    enabled: !!dataKey,
    staleTime: 0,
    gcTime: 0, // decrypted content leaves memory as soon as no screen shows it
    meta: plaintextMeta, // a lock removes it (decision 046)
    retry: false,
  });

export function useOpenAsset<T extends AssetType>(id: string) {
  const key = useDataKey();
  const asset = useQuery(openAssetQueryOptions<T>(id, key.data));
  return { ...asset, error: key.error ?? asset.error, isPending: key.isPending || asset.isPending };
}
