import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Exchanges the code of a confirmation link. A non-null user means the server also started a session. */
export const verifyEmail = (token: string) =>
  api<{ status: boolean; user: { id: string } | null }>(
    `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
  );

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
