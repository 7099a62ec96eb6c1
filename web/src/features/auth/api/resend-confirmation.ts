import { api } from "@/lib/api-client";

/**
 * Sends the sign-up confirmation link again. The answer is the same whether or not the address has an account.
 * No useMutation hook here: /login calls this, and importing useMutation would put react-query's mutation
 * observer into /login's first-visit JavaScript (see components/resend-confirmation-button.tsx).
 */
export const resendConfirmation = (email: string) =>
  api<{ status: boolean }>("/api/auth/send-verification-email", {
    method: "POST",
    body: { email },
  });
