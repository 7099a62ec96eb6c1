import type { PasswordContent } from "@common/assets";
import { useQuery } from "@tanstack/react-query";
import { assetsQueryKey } from "@/features/assets/api/list-assets";
import { loadStrengthEstimator } from "@/lib/password-strength";
import { passwordHealth } from "./password-health";
import { plaintextMeta } from "@/features/keys/vault-lock";

/**
 * Rates every password the list already decrypted in the browser (zxcvbn, loaded on first use):
 * the server never sees a password, and the cache keeps only the verdicts (ids and two
 * booleans), never the content. Rated again whenever the decrypted list changes.
 */
export function usePasswordHealth(contents: Map<string, PasswordContent> | undefined) {
  const entries = contents ? [...contents].map(([id, c]) => ({ id, password: c.password })) : [];
  return useQuery({
    queryKey: [...assetsQueryKey, "health", contents],
    queryFn: async () => {
      const zxcvbn = await loadStrengthEstimator();
      return passwordHealth(entries, (password) => zxcvbn.check(password).score);
    },
    enabled: entries.length > 0,
    staleTime: Infinity,
    gcTime: 0,
    meta: plaintextMeta, // a lock removes it (decision 046)
    retry: false,
  });
}
