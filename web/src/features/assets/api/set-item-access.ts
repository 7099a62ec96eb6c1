import type { ItemAccess, ItemAccessView, SetItemAccessInput } from "@common/catalogue";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { unwrapRaw, wrapContext } from "@/lib/crypto/beneficiary-keys";
import { sealCatalogueTitle } from "@/lib/crypto/catalogue-title";
import { fromBase64, toBase64, unwrapContentKey } from "@/lib/crypto/vault-crypto";
import { fetchDataKeyOrAsk } from "@/lib/keys/api/get-data-key";
import { fetchBeneficiaryKeys } from "@/lib/keys/key-ring";
import { normalizeEmail } from "@/lib/keys/pending-items";
import { wrapForBeneficiary } from "@/lib/keys/wrap-for-beneficiary";
import { assetsQueryKey } from "./list-assets";

export type SetItemAccess = {
  assetId: string;
  email: string;
  access: ItemAccess;
  /** The item's title, opened: sealed for the person when they are told only that it exists. */
  title: string;
  /** The item's content key wrapped with the data key (as stored): wrapped for the person for "content". */
  wrappedKey: Uint8Array;
};

/**
 * The request body (docs/decisions/098), made here in the owner's browser. "catalogue": the title
 * sealed with the person's beneficiary key, and never a wrap of the content key; without a key for
 * the address yet, nothing is sealed (the portal then lists the item without its title).
 * "content": the content key wrapped for the person's key, as a newly named beneficiary's.
 */
async function accessBody(qc: QueryClient, input: SetItemAccess): Promise<SetItemAccessInput> {
  const dataKey = await fetchDataKeyOrAsk(qc);
  const email = normalizeEmail(input.email);
  if (input.access === "content") {
    const contentKey = await unwrapContentKey(input.wrappedKey, dataKey, input.assetId, true);
    const beneficiaryKey = await wrapForBeneficiary({
      queryClient: qc,
      dataKey,
      email,
      contentKey,
      assetId: input.assetId,
    });
    return { email, access: "content", beneficiaryKey };
  }
  return {
    access: "catalogue",
    ...(await catalogueGrantFor(qc, dataKey, {
      assetId: input.assetId,
      email,
      title: input.title,
    })),
  };
}

/**
 * What a person told only that an item exists is given (decision 098): the title sealed with their
 * beneficiary key, with its id; only the address when the owner has no key for it yet.
 */
export async function catalogueGrantFor(
  qc: QueryClient,
  dataKey: CryptoKey,
  { assetId, email, title }: { assetId: string; email: string; title: string },
): Promise<{ email: string; keyId?: string; sealedTitle?: string }> {
  const key = (await fetchBeneficiaryKeys(qc)).keys.find((k) => normalizeEmail(k.email) === email);
  if (!key) return { email };
  const bk = await unwrapRaw(
    dataKey,
    fromBase64(key.ownerWrappedKey),
    wrapContext.beneficiaryKey(key.id),
  );
  try {
    const sealed = await sealCatalogueTitle(bk, assetId, title);
    return { email, keyId: key.id, sealedTitle: toBase64(sealed) };
  } finally {
    bk.fill(0);
  }
}

/** PUT /api/assets/:id/access: one person's choice, saved at once. */
export async function setItemAccess(qc: QueryClient, input: SetItemAccess) {
  return api<ItemAccessView>(`/api/assets/${encodeURIComponent(input.assetId)}/access`, {
    method: "PUT",
    body: await accessBody(qc, input),
  });
}

export function useSetItemAccess() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SetItemAccess) => setItemAccess(qc, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: assetsQueryKey }),
  });
}
