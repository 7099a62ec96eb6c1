import type { CreatedFirmView, CreateFirmInput } from "@common/firms";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** All mutations of the registration wizard share this key prefix: the wizard is busy while any runs. */
export const firmRegistrationMutationKey = ["firms", "registration"] as const;

/** Step 1's answer holds `claimSecret`, which lets step 2 create the first admin: keep it in memory only. */
export const createFirm = (input: CreateFirmInput) =>
  api<CreatedFirmView>("/api/firms", { method: "POST", body: input });

export const useCreateFirm = () =>
  useMutation({ mutationKey: [...firmRegistrationMutationKey, "create"], mutationFn: createFirm });
