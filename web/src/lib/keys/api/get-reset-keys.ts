import type { ResetKeysView } from "@common/keys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { startReset } from "../reset-keys";

/**
 * GET /api/vault/reset?token=…: what the e-mailed reset link opens before a new password is
 * chosen (decision 038): the recovery-wrapped data key, or the escrowed one of an account that
 * has not moved over yet. Fails like the reset itself for a used or expired link.
 */
export const getResetKeys = (token: string) =>
  api<ResetKeysView>(`/api/vault/reset?token=${encodeURIComponent(token)}`);

/** The page's starting point (ResetStart), dropped from the cache as soon as the page is left. */
export const resetStartQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["vault-reset", token],
    queryFn: async () => startReset(await getResetKeys(token)),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** `enabled` false once the reset is done: the used link must not be asked again. */
export const useResetStart = (token: string, enabled = true) =>
  useQuery({ ...resetStartQueryOptions(token), enabled });
