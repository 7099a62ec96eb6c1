import type { AssetType, AssetView, ContentOf } from "@common/assets";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { encryptJson, toBase64 } from "@/lib/crypto/vault-crypto";
import { assetsQueryKey } from "./list-assets";

/** Spec 02 §5: title only when non-empty, beneficiary whenever given (null clears), content re-encrypted only when supplied. */
export type UpdateAssetInput<T extends AssetType> = {
  id: string;
  title?: string;
  beneficiaryEmail?: string | null;
  content?: { contentKey: CryptoKey; value: ContentOf<T> };
};

export async function updateAsset<T extends AssetType>({
  id,
  title,
  beneficiaryEmail,
  content,
}: UpdateAssetInput<T>) {
  const encryptedData = content
    ? toBase64(await encryptJson(content.contentKey, content.value))
    : undefined;
  const { asset } = await api<{ asset: AssetView }>(`/api/assets/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: { title: title?.trim() ? title : undefined, beneficiaryEmail, encryptedData },
  });
  return asset;
}

export function useUpdateAsset<T extends AssetType>() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAssetInput<T>) => updateAsset(input),
    onSuccess: () => qc.invalidateQueries({ queryKey: assetsQueryKey }),
  });
}
