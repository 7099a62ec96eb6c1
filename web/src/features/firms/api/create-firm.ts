import type { createFirmSchema } from "@common/firm-schemas";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type CreateFirmInput = z.output<typeof createFirmSchema>;
/** Step 1's answer. `claimSecret` lets step 2 create the first admin: keep it in memory only. */
export type CreatedFirm = { id: string; name: string; firm_code: string; claimSecret: string };

/** All mutations of the registration wizard share this key prefix: the wizard is busy while any runs. */
export const firmRegistrationMutationKey = ["firms", "registration"] as const;

export const createFirm = (input: CreateFirmInput) => api<CreatedFirm>("/api/firms", { method: "POST", body: input });

export const useCreateFirm = () => useMutation({ mutationKey: [...firmRegistrationMutationKey, "create"], mutationFn: createFirm });
