import type { ReleasePauseInput, ReleasePlanView } from "@common/release";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { releasePlanQueryKey } from "./get-release-plan";

/** "I'm away until …" (decision 085): pauses the countdown; answers with the whole view. */
export const setPause = (input: ReleasePauseInput) =>
  api<ReleasePlanView>("/api/release/pause", { method: "PUT", body: input });

export function useSetPause() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPause,
    onSuccess: (view) => qc.setQueryData(releasePlanQueryKey, view),
  });
}
