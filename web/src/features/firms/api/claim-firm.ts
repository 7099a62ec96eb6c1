import type { claimFirmSchema } from "@common/firm-schemas";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { firmRegistrationMutationKey } from "./create-firm";

export type ClaimFirmInput = z.output<typeof claimFirmSchema> & { firmId: string };

/** Step 2: creates the firm's first admin (firm_admin) and e-mails them a confirmation link. */
export const claimFirm = (input: ClaimFirmInput) => api<{ ok: true }>("/api/firms/claim", { method: "POST", body: input });

export const useClaimFirm = () => useMutation({ mutationKey: [...firmRegistrationMutationKey, "claim"], mutationFn: claimFirm });
