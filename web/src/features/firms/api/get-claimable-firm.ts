import type { ClaimableFirmView } from "@common/firms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The firm an e-mailed claim link offers to the signed-in account (decision 034); 404 for anyone else. */
export const getClaimableFirm = (link: { firmId: string; token: string }) =>
  api<ClaimableFirmView>(
    `/api/firms/${encodeURIComponent(link.firmId)}/claim?token=${encodeURIComponent(link.token)}`,
  );

export const claimableFirmQueryOptions = (link: { firmId: string; token: string }) =>
  queryOptions({
    queryKey: ["firms", "claimable", link.firmId, link.token],
    queryFn: () => getClaimableFirm(link),
    retry: false,
  });

export const useClaimableFirm = (link: { firmId: string; token: string }) =>
  useQuery(claimableFirmQueryOptions(link));
