import type {
  DataKeyView,
  KdfView,
  ResetKeysView,
  SessionKeyView,
  SignInKdfView,
} from "../../common/keys.js";
import type { StoredKeys } from "./owner-keys-queries.js";

const b64 = (bytes: Buffer | null) => (bytes ? bytes.toString("base64") : null);

export function presentKdf(salt: Buffer | null, iterations: number | null): KdfView | null {
  return salt && iterations ? { salt: salt.toString("base64"), iterations } : null;
}

export const presentSignInKdf = (
  salt: Buffer | null,
  iterations: number | null,
): SignInKdfView => ({
  kdf: presentKdf(salt, iterations),
});

/** `dataKey`: the escrowed copy unwrapped, only while the server still holds one. */
export const presentDataKey = (stored: StoredKeys, dataKey: Buffer | null): DataKeyView => ({
  dataKey: b64(dataKey),
  passwordWrappedKey: b64(stored.passwordWrappedKey),
  kdf: presentKdf(stored.kdfSalt, stored.kdfIterations),
  hasRecoveryKey: stored.recoveryWrappedKey !== null,
});

export const presentSessionKey = (key: Buffer): SessionKeyView => ({
  sessionKey: key.toString("base64"),
});

export const presentResetKeys = (
  stored: StoredKeys | null,
  dataKey: Buffer | null,
): ResetKeysView => ({
  recoveryWrappedKey: b64(stored?.recoveryWrappedKey ?? null),
  dataKey: b64(dataKey),
});
