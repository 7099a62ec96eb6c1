import type { BeneficiaryKeysView } from "@common/keys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The owner's beneficiary keys (their wrapped copies only, never the server's share) and the items still to wrap. */
export const listBeneficiaryKeys = () => api<BeneficiaryKeysView>("/api/keys/beneficiaries");

export const beneficiaryKeysQueryKey = ["beneficiary-keys"] as const;
export const beneficiaryKeysQueryOptions = () =>
  queryOptions({
    queryKey: beneficiaryKeysQueryKey,
    queryFn: listBeneficiaryKeys,
    gcTime: 5 * 60_000, // memory only; sign-out clears the cache with it
  });
export const useBeneficiaryKeys = () => useQuery(beneficiaryKeysQueryOptions());
