import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** E-mails a 6-digit code when something was left to the address; the answer is the same either way. */
export const requestLegacyCode = ({ email }: { email: string }) =>
  api<{ ok: true }>("/api/legacy/code", { method: "POST", body: { email } });

export const useRequestLegacyCode = () => useMutation({ mutationFn: requestLegacyCode });
