import type { AssetType, AssetView, ContentOf } from "@common/assets";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { toBase64 } from "@/lib/crypto/vault-crypto";
import { invalidateBeneficiaryKeys, peopleOfNewItem } from "../beneficiary-wrap";
import { useNewItemCatalogue } from "../components/item-access";
import { sealNewAsset, sealTitle } from "../seal";
import { fetchDataKeyOrAsk } from "@/lib/keys/api/get-data-key";
import { wrapPendingSoon } from "@/lib/keys/wrap-pending-soon";
import { assetsQueryKey } from "./list-assets";

export type CreateAssetInput<T extends AssetType> = {
  type: T;
  title: string;
  beneficiaryEmails: string[];
  content: ContentOf<T>;
  /** A document marked "for my legal contact" (decision 091). */
  isForLegalContact?: boolean;
  /** Of beneficiaryEmails, those told only that it exists (decision 098): never given its key. */
  catalogueEmails?: string[];
};

/**
 * Encrypts the content and the title in the browser, then stores only ciphertext, with the content key wrapped
 * for each beneficiary's key. A tab without the data key asks for the password first (decision 075). Returns the asset and its content key (for file uploads).
 */
export async function createAsset<T extends AssetType>(
  queryClient: QueryClient,
  input: CreateAssetInput<T>,
) {
  const dataKey = await fetchDataKeyOrAsk(queryClient); // a tab without it asks, then goes on
  const sealed = await sealNewAsset<T>(dataKey, input.content);
  // Born sealed: the title goes under the new content key, never in clear (decision 080).
  const encryptedTitle = await sealTitle(sealed.contentKey, sealed.id, input.title);
  const { beneficiaryKeys, catalogue } = await peopleOfNewItem(queryClient, {
    assetId: sealed.id,
    wrappedKey: sealed.wrappedKey,
    dataKey,
    title: input.title,
    beneficiaryEmails: input.beneficiaryEmails,
    catalogueEmails: input.catalogueEmails ?? [],
  });
  const { asset } = await api<{ asset: AssetView }>("/api/assets", {
    method: "POST",
    body: {
      id: sealed.id,
      type: input.type,
      encryptedTitle: toBase64(encryptedTitle),
      beneficiaryEmails: input.beneficiaryEmails,
      wrappedKey: toBase64(sealed.wrappedKey),
      encryptedData: toBase64(sealed.encryptedData),
      beneficiaryKeys,
      ...(catalogue.length ? { catalogue } : {}),
      ...(input.isForLegalContact ? { isForLegalContact: true } : {}),
    },
  });
  // A role gives it to someone (the executor of an estate entry): wrap it for them (decision 091).
  if (asset.roleGrants.length) wrapPendingSoon(queryClient);
  return { asset, contentKey: sealed.contentKey };
}

/** The save of a new item's form: its people's choices (decision 098) go with it. */
export function useCreateAsset<T extends AssetType>() {
  const qc = useQueryClient();
  const catalogueOf = useNewItemCatalogue();
  return useMutation({
    mutationFn: (input: CreateAssetInput<T>) =>
      createAsset(qc, {
        ...input,
        catalogueEmails: input.catalogueEmails ?? catalogueOf(input.beneficiaryEmails),
      }),
    onSuccess: (_, input) => {
      if (input.beneficiaryEmails.length) void invalidateBeneficiaryKeys(qc);
      return qc.invalidateQueries({ queryKey: assetsQueryKey });
    },
  });
}
