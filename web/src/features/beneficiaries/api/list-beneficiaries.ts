import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** A person the user names to receive assets (spec 02 §3), as the server presents it. */
export type Beneficiary = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  relationship: string | null;
  notes: string | null;
  createdAt: string;
};

/** The signed-in user's beneficiaries, newest first. */
export const listBeneficiaries = async () => (await api<{ beneficiaries: Beneficiary[] }>("/api/beneficiaries")).beneficiaries;

export const beneficiariesQueryKey = ["beneficiaries"] as const;
export const beneficiariesQueryOptions = () => queryOptions({ queryKey: beneficiariesQueryKey, queryFn: listBeneficiaries });
export const useBeneficiaries = () => useQuery(beneficiariesQueryOptions());
