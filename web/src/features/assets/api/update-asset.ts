import type { AssetType, AssetView, ContentOf } from "@common/assets";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { encryptJson, toBase64 } from "@/lib/crypto/vault-crypto";
import { sealTitle } from "../seal";
import { beneficiaryKeysFor, invalidateBeneficiaryKeys } from "../beneficiary-wrap";
import { wrapPendingSoon } from "@/lib/keys/wrap-pending-soon";
import { assetsQueryKey } from "./list-assets";

/** Spec 02 §5: title only when non-empty (sealed here with the content key), beneficiaries whenever given ([] clears), content re-encrypted only when supplied. */
export type UpdateAssetInput<T extends AssetType> = {
  id: string;
  title?: string;
  beneficiaryEmails?: string[];
  /** The beneficiaries before this edit: each one added gets the content key wrapped for their key. */
  previousBeneficiaryEmails: string[];
  /** The asset's content key (from useOpenAsset, not extractable): encrypts new content. */
  contentKey: CryptoKey;
  /** The asset's stored `wrappedKey` (from useOpenAsset): a new beneficiary's wrap is made from it. */
  wrappedKey: Uint8Array;
  content?: ContentOf<T>;
  /** Marks or unmarks a document "for my legal contact" (decision 091); undefined keeps it. */
  isForLegalContact?: boolean;
};

export async function updateAsset<T extends AssetType>(
  queryClient: QueryClient,
  {
    id,
    title,
    beneficiaryEmails,
    previousBeneficiaryEmails,
    contentKey,
    wrappedKey,
    content,
    isForLegalContact,
  }: UpdateAssetInput<T>,
) {
  const encryptedData = content ? toBase64(await encryptJson(contentKey, content)) : undefined;
  const encryptedTitle = await sealedTitleOrNone(contentKey, id, title);
  const beneficiaryKeys = await beneficiaryKeysFor(queryClient, {
    assetId: id,
    wrappedKey,
    beneficiaryEmails,
    previousBeneficiaryEmails,
    isNewContentKey: false,
  });
  const { asset } = await api<{ asset: AssetView }>(`/api/assets/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: {
      encryptedTitle,
      beneficiaryEmails,
      encryptedData,
      beneficiaryKeys,
      isForLegalContact,
    },
  });
  if (asset.roleGrants.length) wrapPendingSoon(queryClient); // new legal contacts' wraps
  return asset;
}

export function useUpdateAsset<T extends AssetType>() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAssetInput<T>) => updateAsset(qc, input),
    onSuccess: () => {
      void invalidateBeneficiaryKeys(qc);
      return qc.invalidateQueries({ queryKey: assetsQueryKey });
    },
  });
}

/** A non-empty title sealed with the item's content key (base64); undefined keeps the stored one. */
export async function sealedTitleOrNone(contentKey: CryptoKey, id: string, title?: string) {
  return title?.trim() ? toBase64(await sealTitle(contentKey, id, title)) : undefined;
}
