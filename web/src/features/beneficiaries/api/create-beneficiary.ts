import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { beneficiariesQueryKey, type Beneficiary } from "./list-beneficiaries";

export type BeneficiaryInput = {
  name: string;
  email: string;
  phone: string | null;
  relationship: string | null;
  notes: string | null;
};

/** Saves a beneficiary; `notified` is false when the notification e-mail could not be sent (the beneficiary is saved anyway). */
export const createBeneficiary = (input: BeneficiaryInput) =>
  api<{ beneficiary: Beneficiary; notified: boolean }>("/api/beneficiaries", {
    method: "POST",
    body: input,
  });

export function useCreateBeneficiary() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBeneficiary,
    onSuccess: () => qc.invalidateQueries({ queryKey: beneficiariesQueryKey }),
  });
}
