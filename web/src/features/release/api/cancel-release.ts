import type { ReleasePlanView } from "@common/release";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { releasePlanQueryKey } from "./get-release-plan";

/** The signed-in owner cancels the waiting release (409 when nothing waits); answers with the view as it now is. */
export const cancelRelease = () => api<ReleasePlanView>("/api/release/cancel", { method: "POST" });

export function useCancelRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelRelease,
    onSuccess: (view) => qc.setQueryData(releasePlanQueryKey, view),
  });
}
