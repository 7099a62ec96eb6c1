import type { OwnReportView } from "@common/verifier-reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { ownReportQueryKey } from "./get-own-report";

/** The signed-in owner presses "I'm fine": the open report stops. */
export const sayFine = () => api<OwnReportView>("/api/reports/fine", { method: "POST" });

export function useSayFine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sayFine,
    onSuccess: (data) => qc.setQueryData(ownReportQueryKey, data),
  });
}
