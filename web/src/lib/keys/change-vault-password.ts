import { KDF_ITERATIONS } from "@common/keys";
import { derivePasswordKeys, newKdf, wrapDataKey } from "@/lib/crypto/password-keys";
import { toBase64 } from "@/lib/crypto/vault-crypto";
import { changePasswordKeys } from "./api/change-password-keys";
import { getVaultKeys } from "./api/get-vault-keys";
import { openWithPassword, refreshSessionCopy, unlockWithPassword } from "./vault-unlock";

export type ChangeVaultPasswordInput = { currentPassword: string; newPassword: string };

/**
 * Changing the password (decision 038): DK is opened with the current password key (extractable,
 * for this call only), wrapped with a key derived from the new password under a new salt, and
 * sent with both sign-in secrets (POST /api/vault/key/password); nothing is re-encrypted. An
 * account not moved over yet moves over first (with the current password). WrongVaultPasswordError
 * when the current password does not open the vault.
 */
export async function changeVaultPassword({
  currentPassword,
  newPassword,
}: ChangeVaultPasswordInput): Promise<void> {
  let view = await getVaultKeys();
  if (!view.kdf) {
    await unlockWithPassword(currentPassword); // moves over (and shows the recovery key)
    view = await getVaultKeys();
  }
  const { dataKey, signInSecret } = await openWithPassword(view, currentPassword);
  const kdf = newKdf(KDF_ITERATIONS);
  const next = await derivePasswordKeys(newPassword, kdf);
  const passwordWrappedKey = await wrapDataKey(dataKey, next.passwordKey, "password");
  await changePasswordKeys({
    currentPassword: signInSecret,
    newPassword: next.signInSecret,
    kdf: { salt: toBase64(kdf.salt), iterations: kdf.iterations },
    passwordWrappedKey: toBase64(passwordWrappedKey),
  });
  await refreshSessionCopy(dataKey);
}
