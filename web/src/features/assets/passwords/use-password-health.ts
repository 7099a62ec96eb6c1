import type { PasswordContent } from "@common/assets/passwords";
import { useQuery } from "@tanstack/react-query";
import { assetsQueryKey } from "@/features/assets/api/list-assets";
import { mapInSlices } from "@/lib/in-slices";
import { loadStrengthEstimator } from "@/lib/password-strength";
import { passwordHealth } from "./password-health";
import { plaintextMeta } from "@/lib/keys/vault-lock";

/**
 * Rates every password the list already decrypted in the browser (zxcvbn, loaded on first use; in
 * slices, so that the page keeps answering):
 * the server never sees a password, and the cache keeps only the verdicts (ids and two
 * booleans), never the content. Rated again whenever the decrypted list changes.
 */
export function usePasswordHealth(contents: Map<string, PasswordContent> | undefined) {
  const entries = contents ? [...contents].map(([id, c]) => ({ id, password: c.password })) : [];
  return useQuery({
    queryKey: [...assetsQueryKey, "health", contents],
    queryFn: async () => {
      const zxcvbn = await loadStrengthEstimator();
      // Each password once, in slices: 1,000 of them froze a slowed-down page for 11 s in one task.
      const unique = [...new Set(entries.map((e) => e.password).filter(Boolean))];
      const scores = await mapInSlices(unique, (password) => zxcvbn.check(password).score);
      const scoreOf = new Map(unique.map((password, i) => [password, scores[i] ?? 0]));
      return passwordHealth(entries, (password) => scoreOf.get(password) ?? 0);
    },
    enabled: entries.length > 0,
    staleTime: Infinity,
    gcTime: 0,
    meta: plaintextMeta, // a lock removes it (decision 046)
    retry: false,
  });
}
