import type { ReportKind } from "@common/verifier-reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { deskQueryKey } from "./get-desk";

export type VerifierAction =
  | { type: "make"; kind: ReportKind; note: string }
  | { type: "confirm" | "heard"; reportId: string };

/** A person verifier, with their session: reports, confirms, or says they have heard from the owner. */
export function actAsVerifier(a: { session: string; verifierId: string; action: VerifierAction }) {
  const { session, verifierId, action } = a;
  const body =
    action.type === "make"
      ? { session, verifierId, kind: action.kind, ...(action.note ? { note: action.note } : {}) }
      : { session, verifierId, reportId: action.reportId };
  return api<{ ok: true }>(`/api/verifier/report/${action.type}`, { method: "POST", body });
}

export function useActAsVerifier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: actAsVerifier,
    onSettled: () => qc.invalidateQueries({ queryKey: deskQueryKey }),
  });
}
