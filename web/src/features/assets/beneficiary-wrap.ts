import type { QueryClient } from "@tanstack/react-query";
import { dataKeyQueryOptions } from "@/features/keys/api/get-data-key";
import { beneficiaryKeysQueryKey } from "@/features/keys/api/list-beneficiary-keys";
import { normalizeEmail } from "@/features/keys/pending-items";
import { wrapForBeneficiary } from "@/features/keys/wrap-for-beneficiary";
import { unwrapContentKey } from "@/lib/crypto/vault-crypto";

export type BeneficiaryWrapInput = {
  assetId: string;
  /** The asset's content key wrapped with the data key (as stored): unwrapped here, extractable, only when a wrap is sent. */
  wrappedKey: Uint8Array;
  /** The beneficiary the request leaves the asset with (undefined: the request keeps it). */
  beneficiaryEmail: string | null | undefined;
  /** The asset's beneficiary before the request (null for a new asset). */
  previousBeneficiaryEmail: string | null;
  /** The request sets a new wrapped content key (a new asset). */
  isNewContentKey: boolean;
};

/**
 * The `beneficiaryKey` of an asset request (decision 032): the content key wrapped for the key of
 * the asset's beneficiary, whenever the asset has one and the request sets a new content key or
 * changes the beneficiary (the server then drops the old wrap). Otherwise undefined: the wrap the
 * asset has stays, and an item still pending is wrapped by moving over.
 */
export async function beneficiaryKeyFor(
  queryClient: QueryClient,
  input: BeneficiaryWrapInput,
): Promise<{ id: string; wrappedKey: string } | undefined> {
  const email =
    input.beneficiaryEmail === undefined ? input.previousBeneficiaryEmail : input.beneficiaryEmail;
  if (!email) return undefined;
  const isChanged =
    input.beneficiaryEmail !== undefined &&
    normalizeEmail(email) !== normalizeEmail(input.previousBeneficiaryEmail ?? "");
  if (!isChanged && !input.isNewContentKey) return undefined;
  const dataKey = await queryClient.fetchQuery(dataKeyQueryOptions());
  return wrapForBeneficiary({
    queryClient,
    dataKey,
    email,
    // The one extractable copy, for this request only: the open screen's key cannot be exported.
    contentKey: await unwrapContentKey(input.wrappedKey, dataKey, input.assetId, true),
    assetId: input.assetId,
  });
}

/** After a save that may have named a beneficiary: the plan page's key list counts items again. */
export const invalidateBeneficiaryKeys = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: beneficiaryKeysQueryKey });
