import { AUTH_MSG } from "@common/auth";
import { KDF_ITERATIONS, type AccountKeysInput, type FirstAdminKeysInput } from "@common/keys";
import { isCommonPassword } from "@/lib/common-passwords";
import {
  derivePasswordKeys,
  newDataKey,
  newKdf,
  newRecoveryKey,
  parseRecoveryKey,
  recoveryWrappingKey,
  wrapDataKey,
} from "@/lib/crypto/password-keys";
import { toBase64 } from "@/lib/crypto/vault-crypto";

/** What a new password (registration, reset) sends, and the recovery key to show the owner once. */
export type NewAccountKeys = {
  /** The sign-in secret: what the server receives as the password (never the password itself). */
  signInSecret: string;
  keys: AccountKeysInput;
  /** The recovery key that `keys.recoveryWrappedKey` opens, as shown: 8 groups of four characters. */
  recoveryKey: string;
};

/** DK wrapped for a recovery key (as shown or typed), base64 for the API. */
export async function wrapForRecoveryKey(dataKey: CryptoKey, recoveryKey: string): Promise<string> {
  const bytes = parseRecoveryKey(recoveryKey);
  if (!bytes) throw new Error("Not a recovery key");
  return toBase64(await wrapDataKey(dataKey, await recoveryWrappingKey(bytes), "recovery"));
}

/**
 * The keys of a new password (decision 038): a new salt at today's cost, the sign-in secret and
 * the password key derived from the password (the slow step: about half a second), and the data
 * key wrapped with the password key and with the recovery key. `dataKey` (extractable) is kept
 * when given, otherwise a new one is made; `recoveryKey` likewise (a new one unless the owner's
 * own was just typed to open the vault).
 */
export async function makeAccountKeys({
  password,
  dataKey,
  recoveryKey = newRecoveryKey(),
}: {
  password: string;
  dataKey?: CryptoKey;
  recoveryKey?: string;
}): Promise<NewAccountKeys> {
  const kdf = newKdf(KDF_ITERATIONS);
  const key = dataKey ?? (await newDataKey());
  const [{ signInSecret, passwordKey }, recoveryWrappedKey] = await Promise.all([
    derivePasswordKeys(password, kdf),
    wrapForRecoveryKey(key, recoveryKey),
  ]);
  const passwordWrappedKey = toBase64(await wrapDataKey(key, passwordKey, "password"));
  return {
    signInSecret,
    recoveryKey,
    keys: {
      kdf: { salt: toBase64(kdf.salt), iterations: kdf.iterations },
      passwordWrappedKey,
      recoveryWrappedKey,
    },
  };
}

/** A new recovery key for the owner's data key (extractable): the profile's "Make a new recovery kit". */
export async function makeRecoveryKit(
  dataKey: CryptoKey,
): Promise<{ recoveryKey: string; recoveryWrappedKey: string }> {
  const recoveryKey = newRecoveryKey();
  return { recoveryKey, recoveryWrappedKey: await wrapForRecoveryKey(dataKey, recoveryKey) };
}

/** The new password is on the common-password list (AUTH_MSG.commonPassword, shown on its field). */
export class CommonPasswordError extends Error {
  constructor() {
    super(AUTH_MSG.commonPassword);
  }
}

/**
 * A new password's keys, as every form that sets one makes them: first the common-password check
 * in the browser (the server can no longer make it), then `onDeriving` (the form shows progress)
 * and makeAccountKeys. Throws CommonPasswordError before anything is derived.
 */
export async function prepareNewPassword({
  onDeriving,
  ...options
}: Parameters<typeof makeAccountKeys>[0] & { onDeriving?: () => void }): Promise<NewAccountKeys> {
  if (await isCommonPassword(options.password)) throw new CommonPasswordError();
  onDeriving?.();
  return makeAccountKeys(options);
}

/**
 * A firm's first admin at /firm-register (decision 073): a new data key wrapped for the password
 * only. No recovery kit yet: nothing may be shown before the address is confirmed, so the kit is
 * made at the account's first sign-in. The same checks as prepareNewPassword.
 */
export async function prepareFirstAdminPassword({
  password,
  onDeriving,
}: {
  password: string;
  onDeriving?: () => void;
}): Promise<{ signInSecret: string; keys: FirstAdminKeysInput }> {
  if (await isCommonPassword(password)) throw new CommonPasswordError();
  onDeriving?.();
  const kdf = newKdf(KDF_ITERATIONS);
  const [{ signInSecret, passwordKey }, dataKey] = await Promise.all([
    derivePasswordKeys(password, kdf),
    newDataKey(),
  ]);
  return {
    signInSecret,
    keys: {
      kdf: { salt: toBase64(kdf.salt), iterations: kdf.iterations },
      passwordWrappedKey: toBase64(await wrapDataKey(dataKey, passwordKey, "password")),
    },
  };
}
