import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { endVaultLock } from "@/lib/keys/vault-lock-state";
import { clearVault } from "@/lib/keys/vault-state";

export const signOut = () => api("/api/auth/sign-out", { method: "POST", body: {} });

/**
 * Ends the session and forgets every cached query and the tab's data key (memory and
 * sessionStorage: decision 038), so nothing of the user stays.
 */
export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      clearVault();
      endVaultLock(); // the next sign-in in this tab starts unlocked
      qc.clear();
      qc.setQueryData(meQueryKey, null);
    },
  });
}
