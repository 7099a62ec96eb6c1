import type { ReportKind } from "@common/verifier-reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { deskQueryKey } from "./get-desk";
import { uploadReportDocument } from "./upload-report-document";

export type VerifierAction =
  | { type: "make"; kind: ReportKind; note: string; file?: File | null }
  | { type: "confirm" | "heard"; reportId: string };

/** A person verifier, with their session: reports, confirms, or says they have heard from the owner. */
export async function actAsVerifier(a: {
  session: string;
  verifierId: string;
  action: VerifierAction;
}) {
  const { session, verifierId, action } = a;
  const body =
    action.type === "make"
      ? { session, verifierId, kind: action.kind, ...(action.note ? { note: action.note } : {}) }
      : { session, verifierId, reportId: action.reportId };
  const done = await api<{ ok: true }>(`/api/verifier/report/${action.type}`, {
    method: "POST",
    body,
  });
  if (action.type === "make" && action.file)
    await uploadReportDocument("/api/verifier/report/document", action.file, {
      "x-session": session,
      "x-verifier-id": verifierId,
    });
  return done;
}

export function useActAsVerifier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: actAsVerifier,
    onSettled: () => qc.invalidateQueries({ queryKey: deskQueryKey }),
  });
}
