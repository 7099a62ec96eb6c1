import type { ClaimFirmInput } from "@common/firms";
import type { AccountKeysInput } from "@common/keys";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { firmRegistrationMutationKey } from "./create-firm";

/**
 * Step 2: creates the firm's first admin (firm_admin) and e-mails them a confirmation link.
 * `password` is the sign-in secret derived in the browser, `keys` the data key's wraps (decision 038).
 */
export const claimFirm = (input: ClaimFirmInput & { firmId: string; keys?: AccountKeysInput }) =>
  api<{ ok: true }>("/api/firms/claim", { method: "POST", body: input });

export const useClaimFirm = () =>
  useMutation({ mutationKey: [...firmRegistrationMutationKey, "claim"], mutationFn: claimFirm });
