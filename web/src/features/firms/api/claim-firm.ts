import type { ClaimFirmInput } from "@common/firms";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { firmRegistrationMutationKey } from "./create-firm";

/** Step 2: creates the firm's first admin (firm_admin) and e-mails them a confirmation link. */
export const claimFirm = (input: ClaimFirmInput & { firmId: string }) =>
  api<{ ok: true }>("/api/firms/claim", { method: "POST", body: input });

export const useClaimFirm = () =>
  useMutation({ mutationKey: [...firmRegistrationMutationKey, "claim"], mutationFn: claimFirm });
