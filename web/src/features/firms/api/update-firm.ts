import type { CreateFirmInput, FirmView } from "@common/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { storeFirm } from "./get-firm";

/** Name, phone and address of the admin's firm. */
export const updateFirm = async (input: CreateFirmInput) =>
  (await api<{ firm: FirmView }>("/api/firm", { method: "PATCH", body: input })).firm;

export function useUpdateFirm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateFirm,
    // The session's firmName comes with ['me'].
    onSuccess: async (firm) => {
      await Promise.all([storeFirm(qc, firm), qc.invalidateQueries({ queryKey: meQueryKey })]);
    },
  });
}
