import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type RequestPasswordResetInput = { email: string };

/** Mails a reset link to /update-password. The answer is the same whether or not the address has an account. */
export const requestPasswordReset = ({ email }: RequestPasswordResetInput) =>
  api<{ status: boolean }>("/api/auth/request-password-reset", {
    method: "POST",
    body: { email, redirectTo: "/update-password" },
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
