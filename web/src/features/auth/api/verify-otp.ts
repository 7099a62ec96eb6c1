import { AUTH_MSG } from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { getMe, type Me } from "@/lib/me";

/** Second sign-in step: checks the e-mailed code; on success the server starts the session. */
export const verifyOtp = (code: string) =>
  api<{ token: string }>("/api/auth/two-factor/verify-otp", { method: "POST", body: { code } });

/** Verifies the code, then reads the signed-in user (the caller stores it and navigates: see useEnterApp). */
export const useVerifyOtp = () =>
  useMutation({
    mutationFn: async (code: string): Promise<Me> => {
      await verifyOtp(code);
      const me = await getMe();
      if (!me) throw new Error(AUTH_MSG.noSession);
      return me;
    },
  });
