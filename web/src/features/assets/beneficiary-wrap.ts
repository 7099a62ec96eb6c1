import type { QueryClient } from "@tanstack/react-query";
import { dataKeyQueryOptions } from "@/features/keys/api/get-data-key";
import { beneficiaryKeysQueryKey } from "@/features/keys/api/list-beneficiary-keys";
import { wrapForBeneficiary } from "@/features/keys/key-ring";
import { normalizeEmail } from "@/features/keys/pending-items";

export type BeneficiaryWrapInput = {
  assetId: string;
  contentKey: CryptoKey;
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
  return wrapForBeneficiary({
    queryClient,
    dataKey: await queryClient.fetchQuery(dataKeyQueryOptions()),
    email,
    contentKey: input.contentKey,
    assetId: input.assetId,
  });
}

/** After a save that may have named a beneficiary: the plan page's key list counts items again. */
export const invalidateBeneficiaryKeys = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: beneficiaryKeysQueryKey });
