import type { StaffRole } from "@common/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { staffQueryKey } from "./list-staff";

export type UpdateStaffRoleInput = { id: string; role: StaffRole };

/** Moves a member between firm_staff and firm_admin (never one's own row; the last admin stays). */
export const updateStaffRole = ({ id, role }: UpdateStaffRoleInput) =>
  api<{ ok: true }>(`/api/staff/${encodeURIComponent(id)}`, { method: "PATCH", body: { role } });

export function useUpdateStaffRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateStaffRole,
    onSuccess: () => qc.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
