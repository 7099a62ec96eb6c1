import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * E-mails a new code for the sign-in in progress (the password step's challenge cookie). At most
 * 5 an hour per account and 20 per address: over it the server answers 429 (docs/decisions/018).
 */
export const sendSignInCode = () => api<{ status: boolean }>("/api/auth/two-factor/send-otp", { method: "POST", body: {} });

export const useSendSignInCode = () => useMutation({ mutationFn: sendSignInCode });
