import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** E-mails a 6-digit code to the invited address (10 minutes, 5 tries). */
export const sendVerifierCode = (token: string) =>
  api<{ ok: true }>("/api/verifier/code", { method: "POST", body: { token } });

export const useSendVerifierCode = () => useMutation({ mutationFn: sendVerifierCode });
