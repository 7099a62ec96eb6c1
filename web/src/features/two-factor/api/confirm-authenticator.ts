import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { twoFactorQueryKey } from "./get-two-factor";

/** The app's first code turns it on (and sign-in protection with it: the server renews the session cookie). */
export const confirmAuthenticator = (code: string) =>
  api<void>("/api/two-factor/authenticator/confirm", { method: "POST", body: { code } });

export function useConfirmAuthenticator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmAuthenticator,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: twoFactorQueryKey });
      await qc.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
