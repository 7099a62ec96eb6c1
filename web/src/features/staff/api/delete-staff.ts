import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { staffQueryKey } from "./list-staff";

/** Removes a member from the firm: they keep their account as a regular_user without a firm. */
export const deleteStaff = (id: string) =>
  api<{ ok: true }>(`/api/staff/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteStaff,
    onSuccess: () => qc.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
