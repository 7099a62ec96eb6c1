import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { dataKeyQueryKey, dataKeyQueryOptions } from "./api/get-data-key";
import { hasPendingKeys } from "./vault-unlock";

/**
 * Right after sign-in (decision 038): opens the vault with the keys the sign-in form handed over,
 * so that this tab keeps its copy for reloads, and an account not moved over yet moves over now
 * (and shows its recovery key) whatever screen comes first. Nothing to do on a reload.
 */
export function useOpenVaultAfterSignIn(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn || !hasPendingKeys()) return;
    queryClient.removeQueries({ queryKey: dataKeyQueryKey, exact: true }); // a fresh sign-in
    void queryClient.fetchQuery(dataKeyQueryOptions()).catch(() => {
      // Locked or offline: the screens that need the key ask for the password.
    });
  }, [isSignedIn, queryClient]);
}
