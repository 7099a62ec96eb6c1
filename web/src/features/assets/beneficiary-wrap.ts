import type { QueryClient } from "@tanstack/react-query";
import { fetchDataKeyOrAsk } from "@/lib/keys/api/get-data-key";
import { beneficiaryKeysQueryKey } from "@/lib/keys/api/list-beneficiary-keys";
import { normalizeEmail } from "@/lib/keys/pending-items";
import { wrapForBeneficiary } from "@/lib/keys/wrap-for-beneficiary";
import { unwrapContentKey } from "@/lib/crypto/vault-crypto";
import { catalogueGrantFor } from "./api/set-item-access";

export type BeneficiaryWrapInput = {
  assetId: string;
  /** The asset's content key wrapped with the data key (as stored): unwrapped here, extractable, only when a wrap is sent. */
  wrappedKey: Uint8Array;
  /** The people the request leaves the asset to (undefined: the request keeps them). */
  beneficiaryEmails: string[] | undefined;
  /** The asset's beneficiaries before the request ([] for a new asset). */
  previousBeneficiaryEmails: string[];
  /** The request sets a new wrapped content key (a new asset). */
  isNewContentKey: boolean;
};

/**
 * The addresses whose wrap a request must carry (docs/decisions/032, 053): every beneficiary when
 * the content key is new, otherwise only those the request adds (the others keep their wraps on
 * the server; a removed one loses theirs there). Pure, lower-case, in the request's order.
 */
export function addressesToWrap({
  beneficiaryEmails,
  previousBeneficiaryEmails,
  isNewContentKey,
}: Omit<BeneficiaryWrapInput, "assetId" | "wrappedKey">): string[] {
  const next = (beneficiaryEmails ?? previousBeneficiaryEmails).map(normalizeEmail);
  if (isNewContentKey) return [...new Set(next)];
  const before = new Set(previousBeneficiaryEmails.map(normalizeEmail));
  return [...new Set(next.filter((email) => !before.has(email)))];
}

/**
 * The `beneficiaryKeys` of an asset request: the content key wrapped for the key of each address
 * that addressesToWrap names. Undefined when there is none: the wraps the asset has stay, and an
 * item still pending is wrapped by moving over.
 */
export async function beneficiaryKeysFor(
  queryClient: QueryClient,
  input: BeneficiaryWrapInput,
): Promise<{ id: string; wrappedKey: string }[] | undefined> {
  const addresses = addressesToWrap(input);
  if (!addresses.length) return undefined;
  const dataKey = await fetchDataKeyOrAsk(queryClient);
  // The one extractable copy, for this request only: the open screen's key cannot be exported.
  const contentKey = await unwrapContentKey(input.wrappedKey, dataKey, input.assetId, true);
  const wraps: { id: string; wrappedKey: string }[] = [];
  for (const email of addresses)
    wraps.push(
      await wrapForBeneficiary({ queryClient, dataKey, email, contentKey, assetId: input.assetId }),
    );
  return wraps;
}

/**
 * A new item's people (decision 098): the content key wrapped for each one given the content, and
 * for each one told only that it exists the title sealed with their beneficiary key, never a wrap.
 */
export async function peopleOfNewItem(
  queryClient: QueryClient,
  input: {
    assetId: string;
    wrappedKey: Uint8Array;
    dataKey: CryptoKey;
    title: string;
    beneficiaryEmails: string[];
    catalogueEmails: string[];
  },
) {
  const told = new Set(input.catalogueEmails.map(normalizeEmail));
  const beneficiaryKeys = await beneficiaryKeysFor(queryClient, {
    assetId: input.assetId,
    wrappedKey: input.wrappedKey,
    beneficiaryEmails: input.beneficiaryEmails.filter((e) => !told.has(normalizeEmail(e))),
    previousBeneficiaryEmails: [],
    isNewContentKey: true,
  });
  const catalogue = [];
  for (const email of [...told].filter((e) =>
    input.beneficiaryEmails.some((b) => normalizeEmail(b) === e),
  ))
    catalogue.push(
      await catalogueGrantFor(queryClient, input.dataKey, {
        assetId: input.assetId,
        email,
        title: input.title,
      }),
    );
  return { beneficiaryKeys, catalogue };
}

/** After a save that may have named a beneficiary: the plan page's key list counts items again. */
export const invalidateBeneficiaryKeys = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: beneficiaryKeysQueryKey });
