import type { BeneficiaryView } from "@common/beneficiaries";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";
import { dataKeyQueryOptions, fetchDataKeyOrAsk } from "@/lib/keys/api/get-data-key";
import { wrapPendingSoon } from "@/lib/keys/wrap-pending-soon";
import { sealDetails } from "../seal-details";
import type { BeneficiaryInput } from "./create-beneficiary";
import { beneficiariesQueryKey, type Beneficiary } from "./list-beneficiaries";

export type UpdateBeneficiaryInput = { id: string } & BeneficiaryInput;

/**
 * Saves an edit: name and e-mail as they are, phone, relationship and notes sealed anew (a fresh
 * key each time; none sealed, and no clear copy, when all three are empty). `getDataKey`: asking for
 * the password when the person saves, not when the screen seals in the background.
 */
export async function updateBeneficiary(
  { id, ...input }: UpdateBeneficiaryInput,
  getDataKey: () => Promise<CryptoKey>,
) {
  const details = await sealDetails(getDataKey, id, input);
  const { beneficiary } = await api<{ beneficiary: BeneficiaryView }>(
    `/api/beneficiaries/${encodeURIComponent(id)}`,
    {
      method: "PATCH",
      body: {
        name: input.name,
        email: input.email,
        phone: null,
        relationship: null,
        notes: null,
        details,
        isExecutor: input.isExecutor,
        isLegalContact: input.isLegalContact,
      },
    },
  );
  return beneficiary;
}

export function useUpdateBeneficiary() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBeneficiaryInput) =>
      updateBeneficiary(input, () => fetchDataKeyOrAsk(qc)),
    onSuccess: (saved) => {
      // A role given (or an address changed) leaves items pending for the person's key.
      if (saved.isExecutor || saved.isLegalContact) wrapPendingSoon(qc);
      return qc.invalidateQueries({ queryKey: beneficiariesQueryKey });
    },
  });
}

/**
 * Seals the details that an account stored in clear before its keys were its own (decision 038,
 * item 7), once this tab holds the data key; a locked tab tries again when the list next changes.
 */
export function useSealClearDetails(beneficiaries: Beneficiary[] | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    const clear = beneficiaries?.filter((b) => b.hasClearDetails) ?? [];
    if (clear.length === 0) return;
    void (async () => {
      for (const b of clear) await updateBeneficiary(b, () => qc.fetchQuery(dataKeyQueryOptions()));
      await qc.invalidateQueries({ queryKey: beneficiariesQueryKey });
    })().catch(() => {
      // Locked or offline: the clear copy stays as it was until the next try.
    });
  }, [beneficiaries, qc]);
}
