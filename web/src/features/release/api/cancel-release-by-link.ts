import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The e-mailed "Cancel the release" link: cancels the waiting release without a session. 400/404 when the link is invalid or has expired. */
export const cancelReleaseByLink = (token: string) =>
  api<{ ok: true }>("/api/release/cancel-link", { method: "POST", body: { token } });

export const useCancelReleaseByLink = () => useMutation({ mutationFn: cancelReleaseByLink });
