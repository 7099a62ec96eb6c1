import { queryOptions, useQuery } from "@tanstack/react-query";
import { getVaultKeys } from "./get-vault-keys";

export const recoveryKitStatusQueryKey = ["recovery-kit-status"] as const;

/**
 * Whether the signed-in owner has a recovery kit (GET /api/vault/key's `hasRecoveryKey`), and
 * whether their keys are their own (`kdf` set: a kit can be made in this browser); nothing else
 * of it is kept.
 */
export const getRecoveryKitStatus = async () => {
  const { hasRecoveryKey, kdf } = await getVaultKeys();
  return { hasRecoveryKey, hasOwnerHeldKeys: kdf !== null };
};

export const recoveryKitStatusQueryOptions = () =>
  queryOptions({ queryKey: recoveryKitStatusQueryKey, queryFn: getRecoveryKitStatus });

export const useRecoveryKitStatus = () => useQuery(recoveryKitStatusQueryOptions());
