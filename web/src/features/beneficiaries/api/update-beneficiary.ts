import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { BeneficiaryInput } from "./create-beneficiary";
import { beneficiariesQueryKey, type Beneficiary } from "./list-beneficiaries";

export type UpdateBeneficiaryInput = { id: string } & Partial<BeneficiaryInput>;

export const updateBeneficiary = async ({ id, ...changes }: UpdateBeneficiaryInput) =>
  (
    await api<{ beneficiary: Beneficiary }>(`/api/beneficiaries/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: changes,
    })
  ).beneficiary;

export function useUpdateBeneficiary() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateBeneficiary,
    onSuccess: () => qc.invalidateQueries({ queryKey: beneficiariesQueryKey }),
  });
}
