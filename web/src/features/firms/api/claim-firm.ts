import type { ClaimFirmInput } from "@common/firms";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { firmRegistrationMutationKey } from "./create-firm";

/**
 * Step 2: names the firm's first admin and e-mails them a link; the firm is theirs once the link is
 * opened (decision 073). `password` is the sign-in secret derived in the browser, `keys` the data
 * key's password wrap (decision 038).
 */
export const claimFirm = (input: ClaimFirmInput & { firmId: string }) =>
  api<{ ok: true }>("/api/firms/claim", { method: "POST", body: input });

export const useClaimFirm = () =>
  useMutation({ mutationKey: [...firmRegistrationMutationKey, "claim"], mutationFn: claimFirm });
