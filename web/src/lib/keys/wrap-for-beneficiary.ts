import type { QueryClient } from "@tanstack/react-query";
import { toBase64, unwrapContentKey, wrapContentKey } from "@/lib/crypto/vault-crypto";
import { fetchDataKeyOrAsk } from "./api/get-data-key";
import { beneficiaryKeysQueryKey } from "./api/list-beneficiary-keys";
import { wrapAddressItems } from "./address-items";
import { fetchBeneficiaryKeys, unwrapBeneficiaryKey } from "./key-ring";
import { normalizeEmail } from "./pending-items";

export type WrapForBeneficiaryOptions = {
  queryClient: QueryClient;
  dataKey: CryptoKey;
  email: string;
  /** The asset's content key, extractable (it is wrapped again here). */
  contentKey: CryptoKey;
  assetId: string;
};

/**
 * The content key of `assetId` wrapped for the current key of `email`, for an asset's create or
 * update request (`beneficiaryKey`), from the key list as the server has it now. An address
 * without a key gets one by the same rule as moving over (decision 032, "Defaults"): escrowed when
 * one of its pending items named it before beneficiary keys existed, a hand-over key otherwise;
 * either way the POST wraps the address's pending items too (more than one request's worth go by
 * PUT right after). When another tab made the key meanwhile (409), that one is used.
 */
export async function wrapForBeneficiary({
  queryClient,
  dataKey,
  email,
  contentKey,
  assetId,
}: WrapForBeneficiaryOptions): Promise<{ id: string; wrappedKey: string }> {
  const address = normalizeEmail(email);
  const view = await fetchBeneficiaryKeys(queryClient);
  let key = view.keys.find((k) => normalizeEmail(k.email) === address);
  let bk: CryptoKey;
  if (key) bk = await unwrapBeneficiaryKey(dataKey, key);
  else {
    // This asset's own wrap goes with its request (the server checks it against the asset's new beneficiary).
    const items = view.pending.filter(
      (p) => normalizeEmail(p.beneficiaryEmail) === address && p.assetId !== assetId,
    );
    ({ key, bk } = await wrapAddressItems({
      queryClient,
      dataKey,
      group: { email: address, key: undefined, items },
    }));
    void queryClient.invalidateQueries({ queryKey: beneficiaryKeysQueryKey });
  }
  return { id: key.id, wrappedKey: toBase64(await wrapContentKey(contentKey, bk, assetId)) };
}

/**
 * An item's content key wrapped for each of `emails` in turn (wrapForBeneficiary), for a request
 * that names people for the item (its fallbacks, its caregivers): the vault's key is asked for if
 * the tab holds none, and the one extractable copy of the item's key serves these wraps only.
 */
export async function wrapForPeople(
  queryClient: QueryClient,
  asset: { id: string; wrappedKey: Uint8Array },
  emails: readonly string[],
): Promise<{ email: string; beneficiaryKeyId: string; wrappedKey: string }[]> {
  if (emails.length === 0) return [];
  const dataKey = await fetchDataKeyOrAsk(queryClient);
  const contentKey = await unwrapContentKey(asset.wrappedKey, dataKey, asset.id, true);
  const wraps = [];
  for (const email of emails) {
    const wrap = await wrapForBeneficiary({
      queryClient,
      dataKey,
      email,
      contentKey,
      assetId: asset.id,
    });
    wraps.push({ email, beneficiaryKeyId: wrap.id, wrappedKey: wrap.wrappedKey });
  }
  return wraps;
}
