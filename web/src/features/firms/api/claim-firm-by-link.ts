import type { ClaimFirmByLinkInput, FirmView } from "@common/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { signInSecretFor } from "@/lib/keys/sign-in-secret";
import { storeFirm } from "./get-firm";

/**
 * The e-mailed link's account becomes the firm's first admin, after re-entering its password (its
 * sign-in secret goes, derived here for `email`: decision 038).
 */
export const claimFirmByLink = async (
  claim: ClaimFirmByLinkInput & { firmId: string; email: string },
) => {
  const { firmId, email, ...input } = claim;
  const { secret } = await signInSecretFor(email, input.password);
  const body: ClaimFirmByLinkInput = { ...input, password: secret };
  const path = `/api/firms/${encodeURIComponent(firmId)}/claim`;
  return (await api<{ firm: FirmView }>(path, { method: "POST", body })).firm;
};

/** Resolves once the signed-in user has been re-read as the firm's admin. */
export function useClaimFirmByLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: claimFirmByLink,
    onSuccess: (firm) =>
      Promise.all([storeFirm(qc, firm), qc.invalidateQueries({ queryKey: meQueryKey })]),
  });
}
