import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { beneficiariesQueryKey } from "./list-beneficiaries";

/** Deletes the beneficiary. Assets already assigned to their e-mail keep it until changed. */
export const deleteBeneficiary = (id: string) =>
  api<{ ok: true }>(`/api/beneficiaries/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteBeneficiary() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteBeneficiary,
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: [...beneficiariesQueryKey, "detail", id] });
      return qc.invalidateQueries({ queryKey: beneficiariesQueryKey });
    },
  });
}
