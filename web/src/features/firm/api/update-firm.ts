import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { firmQueryKey, type Firm } from "./get-firm";

export type UpdateFirmInput = { name: string; phone: string | null; address: string | null };

/** Name, phone and address of the admin's firm. */
export const updateFirm = async (input: UpdateFirmInput) => (await api<{ firm: Firm }>("/api/firm", { method: "PATCH", body: input })).firm;

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
