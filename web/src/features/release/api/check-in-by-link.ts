import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The e-mailed "I'm still here" link: records a check-in without a session. 400/404 when the link is invalid or has expired. */
export const checkInByLink = (token: string) =>
  api<{ ok: true }>("/api/release/check-in", { method: "POST", body: { token } });

export const useCheckInByLink = () => useMutation({ mutationFn: checkInByLink });
