import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";

export const signOut = () => api("/api/auth/sign-out", { method: "POST", body: {} });

/** Ends the session and forgets every cached query (nothing of the user stays in memory). */
export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(meQueryKey, null);
    },
  });
}
