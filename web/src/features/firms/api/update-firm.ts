import type { CreateFirmInput, FirmView } from "@common/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { firmQueryKey } from "./get-firm";

/** Name, phone and address of the admin's firm. */
export const updateFirm = async (input: CreateFirmInput) => (await api<{ firm: FirmView }>("/api/firm", { method: "PATCH", body: input })).firm;

export function useUpdateFirm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateFirm,
    onSuccess: async (firm) => {
      qc.setQueryData(firmQueryKey, firm);
      // The session's firmName comes with ['me'].
      await Promise.all([qc.invalidateQueries({ queryKey: firmQueryKey }), qc.invalidateQueries({ queryKey: meQueryKey })]);
    },
  });
}
