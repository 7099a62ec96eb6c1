import type { BeneficiaryView } from "@common/beneficiaries";
import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import { plaintextMeta } from "@/lib/keys/vault-lock";
import { openBeneficiary } from "../seal-details";
import { beneficiariesQueryKey, type Beneficiary } from "./list-beneficiaries";

/**
 * One of the user's beneficiaries with their details opened; a missing one and someone else's
 * both answer 404, a locked tab fails with VaultLockedError (the edit screen asks to unlock).
 */
export async function getBeneficiary(qc: QueryClient, id: string): Promise<Beneficiary> {
  const { beneficiary } = await api<{ beneficiary: BeneficiaryView }>(
    `/api/beneficiaries/${encodeURIComponent(id)}`,
  );
  const dataKey = beneficiary.details ? await qc.fetchQuery(dataKeyQueryOptions()) : null;
  return openBeneficiary(beneficiary, dataKey);
}

export const beneficiaryQueryOptions = (qc: QueryClient, id: string) =>
  queryOptions({
    queryKey: [...beneficiariesQueryKey, "detail", id],
    queryFn: () => getBeneficiary(qc, id),
    meta: plaintextMeta, // the opened details: a lock removes them (decision 046)
  });
export function useBeneficiary(id: string) {
  const qc = useQueryClient();
  return useQuery(beneficiaryQueryOptions(qc, id));
}
