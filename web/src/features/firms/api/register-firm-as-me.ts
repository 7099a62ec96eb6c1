import type { FirmView, RegisterFirmAsMeInput } from "@common/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { storeFirm } from "./get-firm";

/** A signed-in individual registers a firm and becomes its first admin (decision 034). */
export const registerFirmAsMe = async (input: RegisterFirmAsMeInput) =>
  (await api<{ firm: FirmView }>("/api/firm", { method: "POST", body: input })).firm;

/** Resolves once the signed-in user has been re-read as the firm's admin. */
export function useRegisterFirmAsMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: registerFirmAsMe,
    onSuccess: (firm) =>
      Promise.all([storeFirm(qc, firm), qc.invalidateQueries({ queryKey: meQueryKey })]),
  });
}
