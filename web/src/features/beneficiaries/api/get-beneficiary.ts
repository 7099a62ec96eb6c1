import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { beneficiariesQueryKey, type Beneficiary } from "./list-beneficiaries";

/** One of the user's beneficiaries; a missing one and someone else's both answer 404. */
export const getBeneficiary = async (id: string) =>
  (await api<{ beneficiary: Beneficiary }>(`/api/beneficiaries/${encodeURIComponent(id)}`))
    .beneficiary;

export const beneficiaryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...beneficiariesQueryKey, "detail", id],
    queryFn: () => getBeneficiary(id),
  });
export const useBeneficiary = (id: string) => useQuery(beneficiaryQueryOptions(id));
