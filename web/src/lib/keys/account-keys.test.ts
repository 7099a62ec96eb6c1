import { accountKeysSchema, firstAdminKeysSchema, KDF_ITERATIONS } from "@common/keys";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  derivePasswordKeys,
  newDataKey,
  parseRecoveryKey,
  recoveryWrappingKey,
  unwrapDataKey,
} from "@/lib/crypto/password-keys";
import {
  fromBase64,
  newContentKey,
  unwrapContentKey,
  wrapContentKey,
} from "@/lib/crypto/vault-crypto";
import {
  CommonPasswordError,
  makeRecoveryKit,
  prepareFirstAdminPassword,
  prepareNewPassword,
  wrapForRecoveryKey,
} from "./account-keys";
import {
  fakeAccountFetch,
  newFakeAccountServer,
  signInToFake,
  type FakeAccountServer,
  registeredAccount,
} from "@/testing/fake-account-api";

/** A new password's keys (registration, reset) and a new recovery kit, with real WebCrypto. */

const PASSWORD = "Tangerine-Harbour-42";
let server: FakeAccountServer;

beforeEach(() => {
  server = newFakeAccountServer();
  vi.stubGlobal("fetch", vi.fn(fakeAccountFetch(() => server)));
});
afterEach(() => vi.unstubAllGlobals());

/** True when `a` and `b` are the same data key: what one wraps, the other opens. */
async function isSameKey(a: CryptoKey, b: CryptoKey): Promise<boolean> {
  const ck = await newContentKey();
  const wrapped = await wrapContentKey(ck, a, "asset-1");
  return unwrapContentKey(wrapped, b, "asset-1").then(
    () => true,
    () => false,
  );
}

describe("prepareNewPassword", () => {
  it("refuses a common password before deriving anything, having fetched only the list", async () => {
    const onDeriving = vi.fn();
    await expect(prepareNewPassword({ password: "Password123", onDeriving })).rejects.toThrow(
      CommonPasswordError,
    );
    expect(onDeriving).not.toHaveBeenCalled();
    expect(server.bodies).toEqual([]);
  });

  it("makes keys that fit the contract: the password opens a new data key, and so does the recovery key", async () => {
    const onDeriving = vi.fn();
    const made = await prepareNewPassword({ password: PASSWORD, onDeriving });
    expect(onDeriving).toHaveBeenCalledOnce();
    expect(accountKeysSchema.parse(made.keys)).toEqual(made.keys);
    expect(made.keys.kdf.iterations).toBe(KDF_ITERATIONS);
    expect(made.signInSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.signInSecret).not.toContain(PASSWORD);
    expect(made.recoveryKey).toMatch(/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/);

    const recoveryBytes = parseRecoveryKey(made.recoveryKey)!;
    const fromRecovery = await unwrapDataKey(
      fromBase64(made.keys.recoveryWrappedKey),
      await recoveryWrappingKey(recoveryBytes),
      "recovery",
    );
    // Signing in (fake server) derives the same secret and opens the same data key.
    server.accounts.push(registeredAccount("a@example.com", made));
    const fromPassword = await signInToFake(server.accounts[0]!, PASSWORD);
    expect(await isSameKey(fromPassword, fromRecovery)).toBe(true);
    await expect(signInToFake(server.accounts[0]!, "Tangerine-Harbour-43")).rejects.toThrow();
  });

  it("two registrations with the same password get different salts, secrets and data keys", async () => {
    const [a, b] = await Promise.all([
      prepareNewPassword({ password: PASSWORD }),
      prepareNewPassword({ password: PASSWORD }),
    ]);
    expect(a.keys.kdf.salt).not.toBe(b.keys.kdf.salt);
    expect(a.signInSecret).not.toBe(b.signInSecret);
    expect(a.recoveryKey).not.toBe(b.recoveryKey);
  });

  it("keeps a given data key and recovery key", async () => {
    const dataKey = await newDataKey();
    const first = await prepareNewPassword({ password: PASSWORD, dataKey });
    const again = await prepareNewPassword({
      password: "Another-Long-Passphrase",
      dataKey,
      recoveryKey: first.recoveryKey,
    });
    expect(again.recoveryKey).toBe(first.recoveryKey);
    const opened = await unwrapDataKey(
      fromBase64(again.keys.recoveryWrappedKey),
      await recoveryWrappingKey(parseRecoveryKey(first.recoveryKey)!),
      "recovery",
    );
    expect(await isSameKey(dataKey, opened)).toBe(true);
  });
});

describe("prepareFirstAdminPassword (decision 073)", () => {
  it("refuses a common password before deriving anything", async () => {
    const onDeriving = vi.fn();
    await expect(
      prepareFirstAdminPassword({ password: "Password123", onDeriving }),
    ).rejects.toThrow(CommonPasswordError);
    expect(onDeriving).not.toHaveBeenCalled();
  });

  it("wraps a new data key for the password only: no recovery key exists before the address is confirmed", async () => {
    const made = await prepareFirstAdminPassword({ password: PASSWORD });
    expect(firstAdminKeysSchema.parse(made.keys)).toEqual(made.keys);
    expect(made.keys).not.toHaveProperty("recoveryWrappedKey");
    expect(made).not.toHaveProperty("recoveryKey");
    expect(made.signInSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    server.accounts.push({
      email: "admin@example.com",
      password: made.signInSecret,
      kdf: made.keys.kdf,
      passwordWrappedKey: made.keys.passwordWrappedKey,
      recoveryWrappedKey: null,
      escrowedDataKey: null,
      resetToken: null,
    });
    await signInToFake(server.accounts[0]!, PASSWORD); // the password signs in and opens it
    // the first sign-in then makes the kit for this data key (extractable, as the tab's copy gives it)
    const { passwordKey } = await derivePasswordKeys(PASSWORD, {
      salt: fromBase64(made.keys.kdf.salt),
      iterations: made.keys.kdf.iterations,
    });
    const dataKey = await unwrapDataKey(
      fromBase64(made.keys.passwordWrappedKey),
      passwordKey,
      "password",
      true,
    );
    const kit = await makeRecoveryKit(dataKey);
    const opened = await unwrapDataKey(
      fromBase64(kit.recoveryWrappedKey),
      await recoveryWrappingKey(parseRecoveryKey(kit.recoveryKey)!),
      "recovery",
    );
    expect(await isSameKey(dataKey, opened)).toBe(true);
  });
});

describe("makeRecoveryKit", () => {
  it("wraps the data key for a new recovery key, which the old one does not open", async () => {
    const dataKey = await newDataKey();
    const old = await prepareNewPassword({ password: PASSWORD, dataKey });
    const kit = await makeRecoveryKit(dataKey);
    expect(kit.recoveryKey).not.toBe(old.recoveryKey);
    const open = async (key: string) =>
      unwrapDataKey(
        fromBase64(kit.recoveryWrappedKey),
        await recoveryWrappingKey(parseRecoveryKey(key)!),
        "recovery",
      );
    expect(await isSameKey(dataKey, await open(kit.recoveryKey))).toBe(true);
    await expect(open(old.recoveryKey)).rejects.toThrow();
  });

  it("refuses what is not a recovery key", async () => {
    await expect(wrapForRecoveryKey(await newDataKey(), "not-a-key")).rejects.toThrow();
  });
});
