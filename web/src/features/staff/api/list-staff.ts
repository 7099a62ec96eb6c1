import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type StaffRole = "firm_admin" | "firm_staff";
export type StaffMember = { id: string; name: string; email: string; role: StaffRole; createdAt: string };

/** The firm's admins and staff, newest first (firm_admin only). */
export const listStaff = async () => (await api<{ staff: StaffMember[] }>("/api/staff")).staff;

export const staffQueryKey = ["staff"] as const;
export const staffQueryOptions = () => queryOptions({ queryKey: staffQueryKey, queryFn: listStaff });
export const useStaff = (isEnabled = true) => useQuery({ ...staffQueryOptions(), enabled: isEnabled });
