import type { FirmView } from "@common/firms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The signed-in user's own firm. */
export const getFirm = async () => (await api<{ firm: FirmView }>("/api/firm")).firm;

export const firmQueryKey = ["firm"] as const;
export const firmQueryOptions = () => queryOptions({ queryKey: firmQueryKey, queryFn: getFirm });
export const useFirm = () => useQuery(firmQueryOptions());
