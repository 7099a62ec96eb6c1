import { KEYS_MSG, type ResetKeysView, type ResetPasswordKeysInput } from "@common/keys";
import {
  formatRecoveryKey,
  importRawDataKey,
  parseRecoveryKey,
  recoveryWrappingKey,
  unwrapDataKey,
} from "@/lib/crypto/password-keys";
import { fromBase64 } from "@/lib/crypto/vault-crypto";
import { prepareNewPassword } from "./account-keys";

/** The recovery key typed on the reset page does not open the vault (or is not a recovery key at all). */
export class WrongRecoveryKeyError extends Error {
  constructor() {
    super(KEYS_MSG.wrongRecoveryKey);
  }
}

/**
 * What the e-mailed reset link opens (GET /api/vault/reset), and so what the page does before
 * the new password (decision 038):
 * - `escrowed`: an account that has not moved over yet; its data key is kept without asking;
 * - `recovery`: the page asks for the recovery key (or the owner says they do not have it);
 * - `new`: the account has no data key yet: a new one, nothing to lose.
 */
export type ResetStart =
  | { kind: "escrowed"; dataKey: CryptoKey }
  | { kind: "recovery"; recoveryWrappedKey: string }
  | { kind: "new" };

export async function startReset(view: ResetKeysView): Promise<ResetStart> {
  if (view.dataKey)
    return { kind: "escrowed", dataKey: await importRawDataKey(fromBase64(view.dataKey), true) };
  if (view.recoveryWrappedKey)
    return { kind: "recovery", recoveryWrappedKey: view.recoveryWrappedKey };
  return { kind: "new" };
}

/**
 * The data key (extractable, to wrap it for the new password) opened with the recovery key as
 * typed (case, spaces and hyphens ignored), and that key as shown on the kit; WrongRecoveryKeyError
 * when it does not open it.
 */
export async function openWithRecoveryKey(
  recoveryWrappedKey: string,
  typed: string,
): Promise<{ dataKey: CryptoKey; recoveryKey: string }> {
  const bytes = parseRecoveryKey(typed);
  if (!bytes) throw new WrongRecoveryKeyError();
  try {
    const wrappingKey = await recoveryWrappingKey(bytes);
    const dataKey = await unwrapDataKey(
      fromBase64(recoveryWrappedKey),
      wrappingKey,
      "recovery",
      true,
    );
    return { dataKey, recoveryKey: formatRecoveryKey(bytes) };
  } catch {
    throw new WrongRecoveryKeyError();
  }
}

/**
 * The vault the new password opens: the data key kept (opened with the recovery key, or escrowed)
 * or null for a new one. `recoveryKey`: the owner's own, just typed, which keeps working; without
 * it a new recovery key is made and must be shown.
 */
export type ResetVault = { dataKey: CryptoKey | null; recoveryKey?: string };

/**
 * POST /api/vault/reset's body for the new password (checked against the common-password list
 * first: CommonPasswordError), and the new recovery key to show (null: the owner's own is kept).
 */
export async function makeResetInput({
  token,
  password,
  vault,
  onDeriving,
}: {
  token: string;
  password: string;
  vault: ResetVault;
  onDeriving?: () => void;
}): Promise<{ input: ResetPasswordKeysInput; newRecoveryKey: string | null }> {
  const made = await prepareNewPassword({
    onDeriving,
    password,
    dataKey: vault.dataKey ?? undefined,
    recoveryKey: vault.recoveryKey,
  });
  return {
    input: {
      token,
      newPassword: made.signInSecret,
      keys: made.keys,
      keepsDataKey: vault.dataKey !== null,
    },
    newRecoveryKey: vault.recoveryKey ? null : made.recoveryKey,
  };
}
