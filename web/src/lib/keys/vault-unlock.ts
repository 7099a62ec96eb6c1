import { KDF_ITERATIONS, KEYS_MSG, type DataKeyView } from "@common/keys";
import {
  derivePasswordKeys,
  importRawDataKey,
  newKdf,
  newRecoveryKey,
  parseRecoveryKey,
  recoveryWrappingKey,
  unwrapDataKey,
  wrapDataKey,
} from "@/lib/crypto/password-keys";
import { UserFacingError } from "@/lib/api-client";
import { DecryptError, fromBase64, toBase64 } from "@/lib/crypto/vault-crypto";
import { getSessionKey } from "./api/get-session-key";
import { getVaultKeys } from "./api/get-vault-keys";
import { moveOverKeys } from "./api/move-over-keys";
import {
  SESSION_COPY_KEY,
  setDataKeyInMemory,
  takePendingKeys,
  vaultState,
  type PendingKeys,
} from "./vault-state";
import { tabCopy } from "./tab-copy";

/**
 * The data key of this tab (docs/decisions/038-owner-held-keys.md): kept in memory only, as a
 * non-extractable key, and wrapped with the session's key in this tab's sessionStorage so that a
 * reload does not ask for the password. Where it comes from, in order: memory; the keys the
 * sign-in form handed over (unwrapping the password wrap, or moving an old account over); this
 * tab's copy; an account not moved over yet (the escrowed copy); else VaultLockedError, and the
 * screen asks for the password (`unlockWithPassword`).
 */

/** This tab does not hold the data key: ask for the password (the session stays). */
export class VaultLockedError extends UserFacingError {
  constructor() {
    super(KEYS_MSG.vaultLocked);
  }
}

/** The password typed does not unwrap the data key. */
export class WrongVaultPasswordError extends Error {
  constructor() {
    super(KEYS_MSG.wrongVaultPassword);
  }
}

/* ---------- the recovery key made by a move-over, to show once ---------- */

const recoveryListeners = new Set<(recoveryKey: string) => void>();
let unshownRecoveryKey: string | undefined;

/** Told of the recovery key a move-over made (once); one made before anyone listened is told at once. */
export function onRecoveryKey(listener: (recoveryKey: string) => void): () => void {
  recoveryListeners.add(listener);
  if (unshownRecoveryKey) {
    listener(unshownRecoveryKey);
    unshownRecoveryKey = undefined;
  }
  return () => void recoveryListeners.delete(listener);
}

function announceRecoveryKey(recoveryKey: string) {
  if (recoveryListeners.size === 0) unshownRecoveryKey = recoveryKey;
  recoveryListeners.forEach((listener) => listener(recoveryKey));
}

/* ---------- getting the data key ---------- */

let inFlight: Promise<CryptoKey> | undefined;

/** The data key (non-extractable), or VaultLockedError. Concurrent callers share one attempt. */
export function getDataKey(): Promise<CryptoKey> {
  const held = vaultState().dataKey;
  if (held) return Promise.resolve(held);
  const epoch = vaultState().epoch;
  inFlight ??= findDataKey()
    .then((dataKey) => {
      if (vaultState().epoch === epoch) return dataKey;
      // Locked (or signed out) meanwhile: this attempt's key is forgotten too.
      if (vaultState().dataKey === dataKey) setDataKeyInMemory(undefined);
      throw new VaultLockedError();
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

async function findDataKey(): Promise<CryptoKey> {
  const pending = takePendingKeys();
  if (pending) {
    const view = await getVaultKeys();
    const opened = await openWithPending(view, pending).catch((err: unknown) => {
      if (err instanceof WrongVaultPasswordError) return undefined; // then the tab's copy, or ask
      throw err;
    });
    if (opened) return keep(opened);
  }
  const fromCopy = await openSessionCopy(false);
  if (fromCopy) return keep(fromCopy);
  const view = await getVaultKeys();
  if (!view.kdf && view.dataKey)
    return keep(await importRawDataKey(fromBase64(view.dataKey), false));
  throw new VaultLockedError();
}

/** The data key opened with the sign-in's keys: extractable (it goes into the tab's copy), or undefined. */
async function openWithPending(view: DataKeyView, pending: PendingKeys): Promise<CryptoKey> {
  if (!view.kdf) {
    if (!view.dataKey) throw new Error("This vault has no data key yet.");
    if ("password" in pending) return moveOver(view.dataKey, pending.password);
    return importRawDataKey(fromBase64(view.dataKey), true); // cannot move over without the password
  }
  const passwordKey =
    "passwordKey" in pending
      ? pending.passwordKey
      : (await derivePasswordKeys(pending.password, kdfOf(view.kdf))).passwordKey;
  return openPasswordWrap(view, passwordKey);
}

async function openPasswordWrap(view: DataKeyView, passwordKey: CryptoKey): Promise<CryptoKey> {
  if (!view.passwordWrappedKey) throw new WrongVaultPasswordError();
  try {
    const dataKey = await unwrapDataKey(
      fromBase64(view.passwordWrappedKey),
      passwordKey,
      "password",
      true,
    );
    await storeSessionCopy(dataKey);
    return dataKey;
  } catch (err) {
    if (err instanceof DecryptError) throw new WrongVaultPasswordError();
    throw err;
  }
}

/** Keeps a non-extractable copy in memory (the extractable one is dropped by the caller). */
async function keep(dataKey: CryptoKey): Promise<CryptoKey> {
  const kept = dataKey.extractable
    ? await crypto.subtle
        .exportKey("raw", dataKey)
        .then((raw) => importRawDataKey(new Uint8Array(raw), false))
    : dataKey;
  setDataKeyInMemory(kept);
  return kept;
}

const kdfOf = (kdf: NonNullable<DataKeyView["kdf"]>) => ({
  salt: fromBase64(kdf.salt),
  iterations: kdf.iterations,
});

/* ---------- this tab's copy ---------- */

/** DK wrapped with the session's key (GET /api/vault/session-key) in this tab's sessionStorage. */
const sessionCopy = tabCopy({
  name: SESSION_COPY_KEY,
  context: "session",
  getTabKey: async () => (await getSessionKey()).sessionKey,
});

/** Wraps DK (extractable) into this tab's copy; a failure only costs a password at the next reload. */
const storeSessionCopy = (dataKey: CryptoKey) => sessionCopy.store(dataKey);

/** DK from this tab's copy; undefined (and the copy dropped) when it does not open any more. */
const openSessionCopy = (extractable: boolean) => sessionCopy.open(extractable);

/* ---------- unlocking, moving over ---------- */

/**
 * The unlock form: derives with the account's KDF and unwraps (WrongVaultPasswordError when it
 * does not open); an account not moved over yet moves over with it. The session stays.
 */
export async function unlockWithPassword(password: string): Promise<CryptoKey> {
  const view = await getVaultKeys();
  return keep(await openWithPending(view, { password }));
}

/**
 * Moving over (decision 038): the escrowed DK wrapped with a new password key and a new recovery
 * key, sent with the password (its last time) and the new sign-in secret; then the recovery key
 * is shown once. If the server refuses or cannot be reached, the escrowed DK still opens the vault
 * and the next sign-in tries again. Returns DK, extractable.
 */
async function moveOver(escrowed: string, password: string): Promise<CryptoKey> {
  const dataKey = await importRawDataKey(fromBase64(escrowed), true);
  try {
    const kdf = newKdf(KDF_ITERATIONS);
    const recoveryKey = newRecoveryKey();
    const recoveryBytes = parseRecoveryKey(recoveryKey);
    if (!recoveryBytes) throw new Error("recovery key");
    const [keys, recoveryWrap] = await Promise.all([
      derivePasswordKeys(password, kdf),
      recoveryWrappingKey(recoveryBytes).finally(() => recoveryBytes.fill(0)),
    ]);
    const [passwordWrappedKey, recoveryWrappedKey] = await Promise.all([
      wrapDataKey(dataKey, keys.passwordKey, "password"),
      wrapDataKey(dataKey, recoveryWrap, "recovery"),
    ]);
    await moveOverKeys({
      currentPassword: password,
      newPassword: keys.signInSecret,
      keys: {
        kdf: { salt: toBase64(kdf.salt), iterations: kdf.iterations },
        passwordWrappedKey: toBase64(passwordWrappedKey),
        recoveryWrappedKey: toBase64(recoveryWrappedKey),
      },
    });
    await storeSessionCopy(dataKey);
    announceRecoveryKey(recoveryKey);
  } catch {
    // Not moved over this time: the server keeps the escrowed copy, which still opens the vault.
  }
  return dataKey;
}

/* ---------- an extractable copy, for a new recovery kit or a new password ---------- */

/**
 * DK extractable, for whoever must wrap it again (a new recovery kit, a new password): from this
 * tab's copy, else from the escrowed copy of an account not moved over yet, else VaultLockedError
 * (unlock first: the unlock stores the tab's copy). Drop it as soon as it is wrapped.
 */
export async function getExtractableDataKey(): Promise<CryptoKey> {
  const fromCopy = await openSessionCopy(true);
  if (fromCopy) return fromCopy;
  const view = await getVaultKeys();
  if (!view.kdf && view.dataKey) return importRawDataKey(fromBase64(view.dataKey), true);
  throw new VaultLockedError();
}

/** Opens DK (extractable) with a password typed again, without touching this tab's state. */
export async function openWithPassword(
  view: DataKeyView,
  password: string,
): Promise<{ dataKey: CryptoKey; signInSecret: string }> {
  if (!view.kdf || !view.passwordWrappedKey) throw new VaultLockedError();
  const keys = await derivePasswordKeys(password, kdfOf(view.kdf));
  try {
    const dataKey = await unwrapDataKey(
      fromBase64(view.passwordWrappedKey),
      keys.passwordKey,
      "password",
      true,
    );
    return { dataKey, signInSecret: keys.signInSecret };
  } catch (err) {
    if (err instanceof DecryptError) throw new WrongVaultPasswordError();
    throw err;
  }
}

/** After a password change: this tab's copy again (the server may have issued a new session). */
export async function refreshSessionCopy(dataKey: CryptoKey): Promise<void> {
  await storeSessionCopy(dataKey);
  await keep(dataKey);
}
