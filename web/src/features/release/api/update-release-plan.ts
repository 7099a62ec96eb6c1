import type { ReleasePlanInput, ReleasePlanView } from "@common/release";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { releasePlanQueryKey } from "./get-release-plan";

/** Saves the inactivity trigger and the waiting period; answers with the whole view as it now is. */
export const updateReleasePlan = (input: ReleasePlanInput) =>
  api<ReleasePlanView>("/api/release/plan", { method: "PUT", body: input });

export function useUpdateReleasePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateReleasePlan,
    onSuccess: (view) => qc.setQueryData(releasePlanQueryKey, view),
  });
}
