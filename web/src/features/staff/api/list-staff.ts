import type { StaffMemberView } from "@common/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The firm's admins and staff, newest first (firm_admin only). */
export const listStaff = async () => (await api<{ staff: StaffMemberView[] }>("/api/staff")).staff;

export const staffQueryKey = ["staff"] as const;
export const staffQueryOptions = () =>
  queryOptions({ queryKey: staffQueryKey, queryFn: listStaff });
export const useStaff = (isEnabled = true) =>
  useQuery({ ...staffQueryOptions(), enabled: isEnabled });
