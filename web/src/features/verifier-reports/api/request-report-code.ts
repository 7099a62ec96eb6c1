import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** A 6-digit code to this address, if it is a verifier's (the answer is the same either way). */
export const requestReportCode = (email: string) =>
  api<{ ok: true }>("/api/verifier/report/code", { method: "POST", body: { email } });

export const useRequestReportCode = () => useMutation({ mutationFn: requestReportCode });
