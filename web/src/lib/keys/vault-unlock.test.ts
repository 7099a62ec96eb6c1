import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseRecoveryKey, recoveryWrappingKey, unwrapDataKey } from "@/lib/crypto/password-keys";
import {
  fromBase64,
  importDataKey,
  newContentKey,
  toBase64,
  unwrapContentKey,
  wrapContentKey,
} from "@/lib/crypto/vault-crypto";
import { changeVaultPassword } from "./change-vault-password";
import {
  fakeVaultFetch,
  memoryStorage,
  newLegacyAccount,
  newMovedOverAccount,
  type FakeVaultServer,
} from "@/testing/fake-vault-api";
import { signInSecretFor } from "./sign-in-secret";
import {
  getDataKey,
  getExtractableDataKey,
  onRecoveryKey,
  unlockWithPassword,
  VaultLockedError,
  WrongVaultPasswordError,
} from "./vault-unlock";
import {
  clearVault,
  holdPendingKeys,
  SESSION_COPY_KEY,
  setDataKeyInMemory,
  vaultState,
} from "./vault-state";

/**
 * The tab's data key (decision 038) against an in-memory stand-in for the key routes: real
 * WebCrypto (600,000 PBKDF2 iterations), real request bodies.
 */

const EMAIL = "owner@example.com";
const PASSWORD = "Tangerine-Harbour-42";
let server: FakeVaultServer;
let rawDataKey: Uint8Array;
let storage: Storage;

/** True when `dataKey` is the account's DK: it opens a content key wrapped with the original. */
async function isTheDataKey(dataKey: CryptoKey): Promise<boolean> {
  const original = await importDataKey(rawDataKey);
  const ck = await newContentKey();
  const wrapped = await wrapContentKey(ck, original, "asset-1");
  return unwrapContentKey(wrapped, dataKey, "asset-1").then(
    () => true,
    () => false,
  );
}

/** The /login hand-over: derive (or not), "sign in", hold the keys. */
async function signInAs(password: string) {
  const { secret, pending } = await signInSecretFor(EMAIL, password);
  holdPendingKeys(pending);
  return secret;
}

/** A reload: memory is gone, sessionStorage stays. */
const reload = () => setDataKeyInMemory(undefined);
/** A new tab: neither. */
const newTab = () => clearVault();
const sentBodies = () => JSON.stringify(server.bodies.map((b) => b.body));

beforeEach(() => {
  rawDataKey = crypto.getRandomValues(new Uint8Array(32));
  storage = memoryStorage();
  vi.stubGlobal("sessionStorage", storage);
  clearVault();
});
afterEach(() => {
  clearVault();
  vi.unstubAllGlobals();
});

const useServer = (s: FakeVaultServer) => {
  server = s;
  vi.stubGlobal("fetch", vi.fn(fakeVaultFetch(() => server)));
};

describe("an account that has moved over", () => {
  beforeEach(async () => useServer(await newMovedOverAccount(EMAIL, PASSWORD, rawDataKey)));

  it("signs in with the derived secret, never the password, and opens DK from the hand-over", async () => {
    const secret = await signInAs(PASSWORD);
    expect(secret).toBe(server.password);
    expect(secret).not.toContain(PASSWORD);
    const dataKey = await getDataKey();
    expect(dataKey.extractable).toBe(false);
    expect(await isTheDataKey(dataKey)).toBe(true);
    expect(storage.getItem(SESSION_COPY_KEY)).toBeTruthy();
    expect(vaultState().pending).toBeUndefined();
    expect(sentBodies()).not.toContain(PASSWORD);

    const requests = server.bodies.length;
    expect(await getDataKey()).toBe(dataKey); // memory
    expect(server.bodies.length).toBe(requests);
  });

  it("opens again after a reload from this tab's copy, with the session key", async () => {
    await signInAs(PASSWORD);
    await getDataKey();
    reload();
    const dataKey = await getDataKey();
    expect(await isTheDataKey(dataKey)).toBe(true);
    expect(server.bodies.at(-1)?.url).toBe("/api/vault/session-key");
  });

  it("is locked in a new tab, and with a copy another session wrapped (which goes)", async () => {
    await signInAs(PASSWORD);
    await getDataKey();
    reload();
    server.sessionKey = toBase64(crypto.getRandomValues(new Uint8Array(32))); // another session
    await expect(getDataKey()).rejects.toBeInstanceOf(VaultLockedError);
    expect(storage.getItem(SESSION_COPY_KEY)).toBeNull();
    newTab();
    await expect(getDataKey()).rejects.toBeInstanceOf(VaultLockedError);
    await expect(getExtractableDataKey()).rejects.toBeInstanceOf(VaultLockedError);
  });

  it("unlocks with the password, refuses a wrong one without asking the server to check it", async () => {
    await expect(unlockWithPassword("Not-The-Right-One-99")).rejects.toBeInstanceOf(
      WrongVaultPasswordError,
    );
    await expect(unlockWithPassword("Not-The-Right-One-99")).rejects.toThrow(
      "That password does not open your vault.",
    );
    const dataKey = await unlockWithPassword(PASSWORD);
    expect(await isTheDataKey(dataKey)).toBe(true);
    expect(await getDataKey()).toBe(dataKey);
    expect(storage.getItem(SESSION_COPY_KEY)).toBeTruthy();
    expect(sentBodies()).not.toContain(PASSWORD);
  });

  it("gives an extractable DK from this tab's copy (for a new recovery kit)", async () => {
    await signInAs(PASSWORD);
    await getDataKey();
    const dataKey = await getExtractableDataKey();
    expect(dataKey.extractable).toBe(true);
    expect(toBase64(new Uint8Array(await crypto.subtle.exportKey("raw", dataKey)))).toBe(
      toBase64(rawDataKey),
    );
  });

  it("a wrong password at sign-in hands over nothing that opens (the tab stays locked)", async () => {
    const secret = await signInAs("Not-The-Right-One-99");
    expect(secret).not.toBe(server.password);
    await expect(getDataKey()).rejects.toBeInstanceOf(VaultLockedError);
  });

  it("sign-out forgets the memory copy, the pending keys and this tab's copy", async () => {
    await signInAs(PASSWORD);
    await getDataKey();
    await signInAs(PASSWORD);
    clearVault();
    expect(vaultState()).toMatchObject({ dataKey: undefined, pending: undefined });
    expect(storage.getItem(SESSION_COPY_KEY)).toBeNull();
    await expect(getDataKey()).rejects.toBeInstanceOf(VaultLockedError);
  });

  it("changing the password re-wraps DK: the old password opens nothing, the new one does", async () => {
    await signInAs(PASSWORD);
    await getDataKey();
    const NEW = "Marmalade-Lighthouse-77";
    await changeVaultPassword({ currentPassword: PASSWORD, newPassword: NEW });
    const body = server.bodies.find((b) => b.url === "/api/vault/key/password")?.body;
    expect(JSON.stringify(body)).not.toContain(PASSWORD);
    expect(JSON.stringify(body)).not.toContain(NEW);
    expect(sentBodies()).not.toContain(PASSWORD);
    newTab();
    await expect(unlockWithPassword(PASSWORD)).rejects.toBeInstanceOf(WrongVaultPasswordError);
    expect(await isTheDataKey(await unlockWithPassword(NEW))).toBe(true);
    expect(await signInSecretFor(EMAIL, NEW).then((s) => s.secret)).toBe(server.password);
  });

  it("changing the password with a wrong current one sends nothing", async () => {
    await expect(
      changeVaultPassword({ currentPassword: "Wrong-Password-11", newPassword: "Whatever-123456" }),
    ).rejects.toBeInstanceOf(WrongVaultPasswordError);
    expect(server.bodies.some((b) => b.url === "/api/vault/key/password")).toBe(false);
  });
});

describe("an account not moved over yet", () => {
  beforeEach(() => useServer(newLegacyAccount(EMAIL, PASSWORD, rawDataKey)));

  it("sends the password as is at sign-in, then moves over and shows a recovery key that opens DK", async () => {
    const shown: string[] = [];
    const stop = onRecoveryKey((key) => shown.push(key));
    try {
      expect(await signInAs(PASSWORD)).toBe(PASSWORD);
      const dataKey = await getDataKey();
      expect(await isTheDataKey(dataKey)).toBe(true);

      const moveOver = server.bodies.find((b) => b.url === "/api/vault/key/move-over");
      const body = moveOver?.body as { currentPassword: string; newPassword: string };
      expect(body.currentPassword).toBe(PASSWORD);
      expect(body.newPassword).not.toBe(PASSWORD);
      expect(server.kdf?.iterations).toBe(600_000);
      expect(server.escrowedKey).toBeNull();
      expect(storage.getItem(SESSION_COPY_KEY)).toBeTruthy();

      expect(shown).toHaveLength(1);
      const recovery = parseRecoveryKey(shown[0] ?? "");
      expect(recovery).not.toBeNull();
      const viaRecovery = await unwrapDataKey(
        fromBase64(server.recoveryWrappedKey ?? ""),
        await recoveryWrappingKey(recovery ?? new Uint8Array()),
        "recovery",
      );
      expect(await isTheDataKey(viaRecovery)).toBe(true);
    } finally {
      stop();
    }

    // From now on: the derived secret at sign-in, the password key in a new tab.
    newTab();
    const kdfBodies = server.bodies.length;
    expect(await signInAs(PASSWORD)).toBe(server.password);
    expect(JSON.stringify(server.bodies.slice(kdfBodies).map((b) => b.body))).not.toContain(
      PASSWORD,
    );
    expect(await isTheDataKey(await getDataKey())).toBe(true);
    newTab();
    expect(await isTheDataKey(await unlockWithPassword(PASSWORD))).toBe(true);
  });

  it("opens with the escrowed copy when the move-over fails, and shows no recovery key", async () => {
    server.failMoveOver = true;
    const shown: string[] = [];
    const stop = onRecoveryKey((key) => shown.push(key));
    try {
      await signInAs(PASSWORD);
      expect(await isTheDataKey(await getDataKey())).toBe(true);
      expect(server.kdf).toBeNull();
      expect(shown).toEqual([]);
    } finally {
      stop();
    }
  });

  it("a tab without the password (no sign-in here) opens with the escrowed copy and does not move over", async () => {
    expect(await isTheDataKey(await getDataKey())).toBe(true);
    expect(server.bodies.some((b) => b.url === "/api/vault/key/move-over")).toBe(false);
    expect((await getExtractableDataKey()).extractable).toBe(true);
  });

  it("changing the password moves over first, then re-wraps", async () => {
    const stop = onRecoveryKey(() => {});
    try {
      const NEW = "Marmalade-Lighthouse-77";
      await changeVaultPassword({ currentPassword: PASSWORD, newPassword: NEW });
      expect(server.kdf).not.toBeNull();
      newTab();
      expect(await isTheDataKey(await unlockWithPassword(NEW))).toBe(true);
    } finally {
      stop();
    }
  });
});
