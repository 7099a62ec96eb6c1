import { AUTH_MSG } from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { getMe, type Me } from "@/lib/me";

/** Which second-step route checks the code: the e-mailed code, the authenticator app's, or a recovery code. */
export type SecondFactorKind = "email" | "app" | "recovery";

const PATHS: Record<SecondFactorKind, string> = {
  email: "/api/auth/two-factor/verify-otp",
  app: "/api/auth/two-factor/verify-totp",
  recovery: "/api/auth/two-factor/verify-backup-code",
};

/** Second sign-in step: checks the code; on success the server starts the session. */
export const verifySecondFactor = ({ kind, code }: { kind: SecondFactorKind; code: string }) =>
  api<{ token: string }>(PATHS[kind], { method: "POST", body: { code } });

/** Verifies the code, then reads the signed-in user (the caller stores it and navigates: see useEnterApp). */
export const useVerifySecondFactor = () =>
  useMutation({
    mutationFn: async (input: { kind: SecondFactorKind; code: string }): Promise<Me> => {
      await verifySecondFactor(input);
      const me = await getMe();
      if (!me) throw new Error(AUTH_MSG.noSession);
      return me;
    },
  });
