import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The e-mailed one-click "I'm fine": stops the open report without a session. 404 when the link is invalid or used. */
export const sayFineByLink = (token: string) =>
  api<{ ok: true }>("/api/reports/fine-link", { method: "POST", body: { token } });

export const useSayFineByLink = () => useMutation({ mutationFn: sayFineByLink });
