import type { BeneficiaryView } from "@common/beneficiaries";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type Beneficiary = BeneficiaryView;

/** The signed-in user's beneficiaries, newest first. */
export const listBeneficiaries = async () =>
  (await api<{ beneficiaries: Beneficiary[] }>("/api/beneficiaries")).beneficiaries;

export const beneficiariesQueryKey = ["beneficiaries"] as const;
export const beneficiariesQueryOptions = () =>
  queryOptions({ queryKey: beneficiariesQueryKey, queryFn: listBeneficiaries });
export const useBeneficiaries = () => useQuery(beneficiariesQueryOptions());
