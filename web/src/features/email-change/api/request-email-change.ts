import type { EmailChangeRequestedView } from "@common/email-change";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { signInSecretFor } from "@/lib/keys/sign-in-secret";
import { emailChangeQueryKey } from "./get-email-change";

export type RequestEmailChangeInput = { email: string; newEmail: string; password: string };

/**
 * POST /api/email-change: the password goes as its sign-in secret, derived with the account's
 * salt (decision 038), as for every password-confirmed operation. Nothing changes until the link
 * mailed to the new address is opened (decision 043).
 */
export const requestEmailChange = async ({
  email,
  newEmail,
  password,
}: RequestEmailChangeInput) => {
  const { secret } = await signInSecretFor(email, password);
  return api<EmailChangeRequestedView>("/api/email-change", {
    method: "POST",
    body: { newEmail, currentPassword: secret },
  });
};

/** The profile then shows the change as waiting (GET /api/email-change), after a reload too. */
export function useRequestEmailChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: () => qc.invalidateQueries({ queryKey: emailChangeQueryKey }),
  });
}
