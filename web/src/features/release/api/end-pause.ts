import type { ReleasePlanView } from "@common/release";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { releasePlanQueryKey } from "./get-release-plan";

/** "I'm back": ends the pause early (a check-in); answers with the whole view. */
export const endPause = () => api<ReleasePlanView>("/api/release/pause", { method: "DELETE" });

export function useEndPause() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: endPause,
    onSuccess: (view) => qc.setQueryData(releasePlanQueryKey, view),
  });
}
