import type { BeneficiaryKeyView, UpdateBeneficiaryKeyInput } from "@common/keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { beneficiaryKeysQueryKey } from "./list-beneficiary-keys";

/** PATCH /api/keys/beneficiaries/:id: the access key was handed over, or the service is to hold it. */
export const updateBeneficiaryKey = (keyId: string, input: UpdateBeneficiaryKeyInput) =>
  api<BeneficiaryKeyView>(`/api/keys/beneficiaries/${encodeURIComponent(keyId)}`, {
    method: "PATCH",
    body: input,
  });

export function useUpdateBeneficiaryKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ keyId, input }: { keyId: string; input: UpdateBeneficiaryKeyInput }) =>
      updateBeneficiaryKey(keyId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: beneficiaryKeysQueryKey }),
  });
}
