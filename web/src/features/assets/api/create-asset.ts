import type { AssetType, AssetView, ContentOf } from "@common/assets";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { toBase64 } from "@/lib/crypto/vault-crypto";
import { sealNewAsset } from "../seal";
import { dataKeyQueryOptions } from "./get-data-key";
import { assetsQueryKey } from "./list-assets";

export type CreateAssetInput<T extends AssetType> = {
  type: T;
  title: string;
  beneficiaryEmail: string | null;
  content: ContentOf<T>;
};

/** Encrypts the content in the browser, then stores only ciphertext. Returns the asset and its content key (for file uploads). */
export async function createAsset<T extends AssetType>(
  dataKey: CryptoKey,
  input: CreateAssetInput<T>,
) {
  const sealed = await sealNewAsset<T>(dataKey, input.content);
  const { asset } = await api<{ asset: AssetView }>("/api/assets", {
    method: "POST",
    body: {
      id: sealed.id,
      type: input.type,
      title: input.title,
      beneficiaryEmail: input.beneficiaryEmail,
      wrappedKey: toBase64(sealed.wrappedKey),
      encryptedData: toBase64(sealed.encryptedData),
    },
  });
  return { asset, contentKey: sealed.contentKey };
}

export function useCreateAsset<T extends AssetType>() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateAssetInput<T>) =>
      createAsset(await qc.fetchQuery(dataKeyQueryOptions()), input),
    onSuccess: () => qc.invalidateQueries({ queryKey: assetsQueryKey }),
  });
}
