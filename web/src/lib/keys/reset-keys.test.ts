import { KEYS_MSG } from "@common/keys";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import {
  newDataKey,
  parseRecoveryKey,
  recoveryWrappingKey,
  unwrapDataKey,
} from "@/lib/crypto/password-keys";
import {
  fromBase64,
  newContentKey,
  toBase64,
  unwrapContentKey,
  wrapContentKey,
} from "@/lib/crypto/vault-crypto";
import { CommonPasswordError, prepareNewPassword } from "./account-keys";
import { getResetKeys } from "./api/get-reset-keys";
import { resetPasswordKeys } from "./api/reset-password-keys";
import {
  fakeAccountFetch,
  newFakeAccountServer,
  signInToFake,
  type FakeAccount,
  type FakeAccountServer,
  registeredAccount,
} from "@/testing/fake-account-api";
import {
  makeResetInput,
  openWithRecoveryKey,
  startReset,
  WrongRecoveryKeyError,
} from "./reset-keys";

/**
 * Forgot password (decision 038) against an in-memory stand-in for GET and POST /api/vault/reset:
 * the page's decision (escrowed, recovery key, nothing yet), the recovery key typed loosely or
 * wrong, and what the new password opens afterwards. Real WebCrypto and request bodies.
 */

const OLD_PASSWORD = "Tangerine-Harbour-42";
const NEW_PASSWORD = "Marmalade-Lighthouse-77";
const TOKEN = "reset-token-123456";
let server: FakeAccountServer;

beforeEach(() => {
  server = newFakeAccountServer();
  vi.stubGlobal("fetch", vi.fn(fakeAccountFetch(() => server)));
});
afterEach(() => vi.unstubAllGlobals());

/** An item stored with `dataKey`: whether a data key still opens it. */
async function storedItem(dataKey: CryptoKey) {
  const wrapped = await wrapContentKey(await newContentKey(), dataKey, "item-1");
  return (key: CryptoKey) =>
    unwrapContentKey(wrapped, key, "item-1").then(
      () => true,
      () => false,
    );
}

/** A moved-over account (made as registration makes it) with a reset link sent. */
async function movedOverAccount(): Promise<{
  account: FakeAccount;
  dataKey: CryptoKey;
  recoveryKey: string;
}> {
  const dataKey = await newDataKey();
  const made = await prepareNewPassword({ password: OLD_PASSWORD, dataKey });
  const account = registeredAccount("owner@example.com", made, TOKEN);
  server.accounts.push(account);
  return { account, dataKey, recoveryKey: made.recoveryKey };
}

/** The whole reset as the page runs it, once the vault to keep (or not) is known. */
async function reset(vault: Parameters<typeof makeResetInput>[0]["vault"]) {
  const made = await makeResetInput({ token: TOKEN, password: NEW_PASSWORD, vault });
  await resetPasswordKeys(made.input);
  return made;
}

describe("forgot password: keeping the vault", () => {
  it("with the recovery key (typed loosely), keeps the data key and the kit; the new password opens it", async () => {
    const { account, dataKey, recoveryKey } = await movedOverAccount();
    const opensItem = await storedItem(dataKey);
    const start = await startReset(await getResetKeys(TOKEN));
    expect(start.kind).toBe("recovery");
    if (start.kind !== "recovery") return;

    // Lower case, spaces instead of hyphens, O for 0 and l for 1: read as the kit shows it.
    const typed = recoveryKey
      .toLowerCase()
      .replace(/-/g, " ")
      .replace(/0/g, "O")
      .replace(/1/g, "l");
    const opened = await openWithRecoveryKey(start.recoveryWrappedKey, typed);
    expect(opened.recoveryKey).toBe(recoveryKey);
    const made = await reset({ dataKey: opened.dataKey, recoveryKey: opened.recoveryKey });
    expect(made.newRecoveryKey).toBeNull();
    expect(made.input.keepsDataKey).toBe(true);
    expect(account.keptDataKey).toBe(true);
    expect(account.resetToken).toBeNull();

    expect(await opensItem(await signInToFake(account, NEW_PASSWORD))).toBe(true);
    await expect(signInToFake(account, OLD_PASSWORD)).rejects.toThrow();
    // The kit the owner has still opens the vault.
    const again = await openWithRecoveryKey(account.recoveryWrappedKey!, recoveryKey);
    expect(await opensItem(again.dataKey)).toBe(true);
    // Neither password was sent, in any form the server could use to derive the keys.
    expect(server.bodies.join("\n")).not.toMatch(/Tangerine|Marmalade/);
  });

  it("refuses a wrong recovery key, or text that is no recovery key, with the same message", async () => {
    const { recoveryKey } = await movedOverAccount();
    const start = await startReset(await getResetKeys(TOKEN));
    if (start.kind !== "recovery") throw new Error(start.kind);
    const other = (await prepareNewPassword({ password: OLD_PASSWORD })).recoveryKey;
    for (const typed of [other, "ABCD", `${recoveryKey}X`, ""]) {
      const attempt = openWithRecoveryKey(start.recoveryWrappedKey, typed);
      await expect(attempt).rejects.toThrow(WrongRecoveryKeyError);
      await expect(attempt).rejects.toThrow(KEYS_MSG.wrongRecoveryKey);
    }
    expect(server.accounts[0]?.resetToken).toBe(TOKEN); // nothing changed
  });

  it("keeps the escrowed data key of an account not moved over, with a new recovery key to show", async () => {
    const raw = crypto.getRandomValues(new Uint8Array(32));
    const { importDataKey } = await import("@/lib/crypto/vault-crypto");
    const opensItem = await storedItem(await importDataKey(raw));
    const account: FakeAccount = {
      email: "old@example.com",
      password: OLD_PASSWORD,
      kdf: null,
      passwordWrappedKey: null,
      recoveryWrappedKey: null,
      escrowedDataKey: toBase64(raw),
      resetToken: TOKEN,
    };
    server.accounts.push(account);
    const start = await startReset(await getResetKeys(TOKEN));
    if (start.kind !== "escrowed") throw new Error(start.kind);
    const made = await reset({ dataKey: start.dataKey });
    expect(made.input.keepsDataKey).toBe(true);
    expect(made.newRecoveryKey).not.toBeNull();
    expect(account.escrowedDataKey).toBeNull();
    expect(await opensItem(await signInToFake(account, NEW_PASSWORD))).toBe(true);
    const byKit = await unwrapDataKey(
      fromBase64(account.recoveryWrappedKey!),
      await recoveryWrappingKey(parseRecoveryKey(made.newRecoveryKey!)!),
      "recovery",
    );
    expect(await opensItem(byKit)).toBe(true);
  });
});

describe("forgot password: without the recovery key", () => {
  it("makes a new data key and a new kit; what was stored no longer opens, the account works", async () => {
    const { account, dataKey, recoveryKey } = await movedOverAccount();
    const opensItem = await storedItem(dataKey);
    const made = await reset({ dataKey: null });
    expect(made.input.keepsDataKey).toBe(false);
    expect(account.keptDataKey).toBe(false);
    expect(made.newRecoveryKey).not.toBeNull();
    expect(made.newRecoveryKey).not.toBe(recoveryKey);

    const newKey = await signInToFake(account, NEW_PASSWORD);
    expect(await opensItem(newKey)).toBe(false);
    expect(await (await storedItem(newKey))(newKey)).toBe(true);
    await expect(openWithRecoveryKey(account.recoveryWrappedKey!, recoveryKey)).rejects.toThrow(
      WrongRecoveryKeyError,
    );
    const byKit = await openWithRecoveryKey(account.recoveryWrappedKey!, made.newRecoveryKey!);
    expect(await (await storedItem(newKey))(byKit.dataKey)).toBe(true);
  });

  it("asks nothing of an account without a data key yet", async () => {
    server.accounts.push({
      email: "new@example.com",
      password: OLD_PASSWORD,
      kdf: null,
      passwordWrappedKey: null,
      recoveryWrappedKey: null,
      escrowedDataKey: null,
      resetToken: TOKEN,
    });
    expect(await startReset(await getResetKeys(TOKEN))).toEqual({ kind: "new" });
  });
});

describe("forgot password: refusals", () => {
  it("a used or unknown link fails the first request; a common new password is refused before anything is sent", async () => {
    await expect(getResetKeys("nope")).rejects.toBeInstanceOf(ApiError);
    await movedOverAccount();
    const bodies = server.bodies.length;
    await expect(
      makeResetInput({ token: TOKEN, password: "qwertyuiop", vault: { dataKey: null } }),
    ).rejects.toThrow(CommonPasswordError);
    expect(server.bodies.length).toBe(bodies);
    expect(server.accounts[0]?.resetToken).toBe(TOKEN);
  });
});
