import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/lib/me";
import {
  changeVaultPassword,
  type ChangeVaultPasswordInput,
} from "@/lib/keys/change-vault-password";

export type ChangePasswordInput = ChangeVaultPasswordInput;

/**
 * POST /api/vault/key/password (decision 038): both passwords are derived in the browser and the
 * data key is wrapped again for the new one (lib/keys/change-vault-password.ts). Keeps this
 * session and signs every other device out.
 */
export const changePassword = (input: ChangePasswordInput) => changeVaultPassword(input);

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }),
  });
}
