import type { MilestoneConfirmersView } from "@common/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { assetsQueryKey } from "../../api/list-assets";

/** Whom the owner can choose to confirm a milestone: their executor once named, their firm. */
export const listMilestoneConfirmers = () =>
  api<MilestoneConfirmersView>("/api/messages/confirmers");

export const milestoneConfirmersQueryOptions = () =>
  queryOptions({
    queryKey: [...assetsQueryKey, "milestone-confirmers"],
    queryFn: listMilestoneConfirmers,
  });

export const useMilestoneConfirmers = () => useQuery(milestoneConfirmersQueryOptions());
