import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { forgetAccessKeys } from "../access-keys";
import { legacyItemQueryKey } from "./get-item";
import { legacyItemsQueryKey } from "./list-items";

export const signOutOfPortal = () =>
  api<{ ok: true }>("/api/legacy/sign-out", { method: "POST", body: {} });

/** Ends the portal session and forgets what the portal fetched and the access keys brought; the screen goes back to the e-mail step (items: null). */
export function useSignOutOfPortal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signOutOfPortal,
    onSuccess: () => {
      forgetAccessKeys();
      qc.removeQueries({ queryKey: legacyItemQueryKey });
      qc.setQueryData(legacyItemsQueryKey, null);
    },
  });
}
