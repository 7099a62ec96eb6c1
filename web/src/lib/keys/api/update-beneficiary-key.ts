import type { BeneficiaryKeyView, UpdateBeneficiaryKeyInput } from "@common/keys";
import { api } from "@/lib/api-client";

/** PATCH /api/keys/beneficiaries/:id: the access key was handed over, or the service is to hold it. */
export const updateBeneficiaryKey = (keyId: string, input: UpdateBeneficiaryKeyInput) =>
  api<BeneficiaryKeyView>(`/api/keys/beneficiaries/${encodeURIComponent(keyId)}`, {
    method: "PATCH",
    body: input,
  });
