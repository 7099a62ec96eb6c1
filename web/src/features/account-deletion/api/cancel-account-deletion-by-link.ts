import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The e-mailed "Cancel the deletion" link: works without a session, once. 400/404 when the link is invalid, used or expired. */
export const cancelAccountDeletionByLink = (token: string) =>
  api<{ ok: true }>("/api/account-deletion/cancel-link", { method: "POST", body: { token } });

export const useCancelAccountDeletionByLink = () =>
  useMutation({ mutationFn: cancelAccountDeletionByLink });
