import type { BeneficiaryDetails, BeneficiaryView } from "@common/beneficiaries";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { fetchDataKeyOrAsk } from "@/lib/keys/api/get-data-key";
import { wrapPendingSoon } from "@/lib/keys/wrap-pending-soon";
import { sealDetails } from "../seal-details";
import { beneficiariesQueryKey } from "./list-beneficiaries";

/** What the form gives: phone, relationship and notes in clear, sealed here before they leave. */
export type BeneficiaryInput = { name: string; email: string } & BeneficiaryDetails & RoleFlags;
/** Roles besides beneficiary (decision 091); left out, an edit keeps them. */
export type RoleFlags = { isExecutor?: boolean; isLegalContact?: boolean };

/**
 * Saves a beneficiary, its details sealed with the data key (the id is made here: it is bound into
 * the sealed details); a tab without the key asks for the password first. `notified` is false when the notification e-mail could not be sent (the
 * beneficiary is saved anyway).
 */
export async function createBeneficiary(qc: QueryClient, input: BeneficiaryInput) {
  const id = crypto.randomUUID();
  const details = await sealDetails(() => fetchDataKeyOrAsk(qc), id, input);
  const { isExecutor, isLegalContact } = input;
  const saved = await api<{ beneficiary: BeneficiaryView; notified: boolean }>(
    "/api/beneficiaries",
    {
      method: "POST",
      body: { id, name: input.name, email: input.email, details, isExecutor, isLegalContact },
    },
  );
  // What the roles give is pending now: wrapped for the person's key from this tab.
  if (isExecutor || isLegalContact) wrapPendingSoon(qc);
  return saved;
}

export function useCreateBeneficiary() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BeneficiaryInput) => createBeneficiary(qc, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: beneficiariesQueryKey }),
  });
}
