import type { MilestoneView } from "@common/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { executorMilestonesQueryKey } from "./list-executor-milestones";
import { firmMilestonesQueryKey } from "./list-firm-milestones";

/** Whose word it is: the executor in the portal, or an admin on the client's page. */
export type MilestoneConfirmation =
  { kind: "executor"; id: string } | { kind: "firm"; clientId: string; id: string };

const pathOf = (c: MilestoneConfirmation) =>
  c.kind === "executor"
    ? `/api/legacy/milestones/${encodeURIComponent(c.id)}/confirm`
    : `/api/clients/${encodeURIComponent(c.clientId)}/milestones/${encodeURIComponent(c.id)}/confirm`;

/** "This has happened": the message falls due now and the sweep delivers it (decision 109). */
export const confirmMilestone = (c: MilestoneConfirmation) =>
  api<{ milestone: MilestoneView }>(pathOf(c), { method: "POST" });

export function useConfirmMilestone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmMilestone,
    onSuccess: (_answer, c) =>
      qc.invalidateQueries({
        queryKey:
          c.kind === "executor" ? executorMilestonesQueryKey : firmMilestonesQueryKey(c.clientId),
      }),
  });
}
