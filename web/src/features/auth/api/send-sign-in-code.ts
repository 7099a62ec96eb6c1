import { api } from "@/lib/api-client";

/**
 * E-mails a code for the sign-in in progress (the password step's challenge cookie). At most
 * 5 an hour per account and 20 per address: over it the server answers 429 (docs/decisions/018).
 * No hook here: /login's sign-in calls it, and useMutation would cost /login's JavaScript budget
 * (docs/decisions/004); /mfa's Resend uses resend-sign-in-code.ts.
 */
export const sendSignInCode = () =>
  api<{ status: boolean }>("/api/auth/two-factor/send-otp", { method: "POST", body: {} });
