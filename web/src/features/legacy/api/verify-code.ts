import { AUTH_MSG } from "@common/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { legacyItemsQueryKey, listLegacyItems } from "./list-items";

export type VerifyLegacyCodeInput = { email: string; code: string };

/** Checks the e-mailed code; on success the server sets the portal's httpOnly cookie. */
export const verifyLegacyCode = (input: VerifyLegacyCodeInput) =>
  api<{ ok: true }>("/api/legacy/verify", { method: "POST", body: input });

/** Verifies the code, then reads what was left to the address (the screen shows it as soon as the cache holds it). */
export function useVerifyLegacyCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: VerifyLegacyCodeInput) => {
      await verifyLegacyCode(input);
      const view = await listLegacyItems();
      if (!view) throw new Error(AUTH_MSG.noSession);
      return view;
    },
    onSuccess: (view) => qc.setQueryData(legacyItemsQueryKey, view),
  });
}
