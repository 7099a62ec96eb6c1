import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type Firm = { id: string; name: string; phone: string | null; address: string | null; logoUrl: string | null; firmCode: string; updatedAt: string };

/** The signed-in user's own firm. */
export const getFirm = async () => (await api<{ firm: Firm }>("/api/firm")).firm;

export const firmQueryKey = ["firm"] as const;
export const firmQueryOptions = () => queryOptions({ queryKey: firmQueryKey, queryFn: getFirm });
export const useFirm = () => useQuery(firmQueryOptions());
