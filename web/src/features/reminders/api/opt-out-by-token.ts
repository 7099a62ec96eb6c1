import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const optOutByToken = (token: string) =>
  api<{ ok: true }>("/api/reminders/opt-out", { method: "POST", body: { token } });

/** The reminder e-mail's one-click opt-out: no sign-in, the link's token only. */
export const useOptOutByToken = () => useMutation({ mutationFn: optOutByToken });
