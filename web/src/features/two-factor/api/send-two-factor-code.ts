import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** E-mails a six-digit code to the signed-in user; confirming it turns sign-in codes on. */
export const sendTwoFactorCode = () =>
  api<{ status: boolean }>("/api/auth/two-factor/send-otp", { method: "POST", body: {} });

export const useSendTwoFactorCode = () => useMutation({ mutationFn: sendTwoFactorCode });
