import type { IncapacitySettingsInput, IncapacityView } from "@common/incapacity";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { incapacityQueryKey } from "./get-incapacity";

/** The scope's own wait and how long caregivers can read; answers with the whole view. */
export const updateIncapacitySettings = (input: IncapacitySettingsInput) =>
  api<IncapacityView>("/api/incapacity/settings", { method: "PUT", body: input });

export function useUpdateIncapacitySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateIncapacitySettings,
    onSuccess: (view) => qc.setQueryData(incapacityQueryKey, view),
  });
}
