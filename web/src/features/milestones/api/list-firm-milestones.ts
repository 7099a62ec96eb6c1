import type { FirmMilestonesView } from "@common/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** A client's milestones that their firm confirms (decision 109): admins of the client's firm only. */
export const listFirmMilestones = (clientId: string) =>
  api<FirmMilestonesView>(`/api/clients/${encodeURIComponent(clientId)}/milestones`);

export const firmMilestonesQueryKey = (clientId: string) =>
  ["clients", clientId, "milestones"] as const;
export const firmMilestonesQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: firmMilestonesQueryKey(clientId),
    queryFn: () => listFirmMilestones(clientId),
  });
export const useFirmMilestones = (clientId: string, isAdmin: boolean) =>
  useQuery({ ...firmMilestonesQueryOptions(clientId), enabled: isAdmin });
