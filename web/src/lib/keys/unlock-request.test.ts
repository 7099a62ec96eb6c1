import { KEYS_MSG } from "@common/keys";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorMessage } from "@/lib/api-client";
import { fakeVaultFetch, memoryStorage, newMovedOverAccount } from "@/testing/fake-vault-api";
import { dataKeyQueryKey, fetchDataKeyOrAsk } from "./api/get-data-key";
import {
  answerDeclined,
  answerUnlocked,
  askToUnlock,
  isUnlockAsked,
  subscribeUnlockRequests,
  UnlockDeclinedError,
} from "./unlock-request";
import { clearVault } from "./vault-state";
import { unlockWithPassword } from "./vault-unlock";

/**
 * A save on a tab without the data key (decision 075): it waits for the unlock dialog instead of
 * failing, goes on with the key once the password opened it, and fails with the vault's own words
 * (not "Failed to save") only when the dialog is closed without unlocking.
 */

const EMAIL = "owner@example.com";
const PASSWORD = "Tangerine-Harbour-42";
let qc: QueryClient;

/** Whether `promise` has settled after every pending microtask and the fake server's answers ran. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return settled;
}

/** What the unlock form does: the password opens DK, the key's query holds it, waiters go on. */
async function unlock() {
  qc.setQueryData(dataKeyQueryKey, await unlockWithPassword(PASSWORD));
  answerUnlocked();
}

beforeEach(async () => {
  vi.stubGlobal("sessionStorage", memoryStorage());
  const server = await newMovedOverAccount(
    EMAIL,
    PASSWORD,
    crypto.getRandomValues(new Uint8Array(32)),
  );
  vi.stubGlobal("fetch", vi.fn(fakeVaultFetch(() => server)));
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clearVault(); // a new tab: no key in memory, no copy
});
afterEach(() => {
  answerDeclined(); // nothing left waiting for the next test
  qc.clear();
  clearVault();
  vi.unstubAllGlobals();
});

describe("asking to unlock", () => {
  it("lets every waiter go on once the vault is unlocked, and tells the dialog when to show", async () => {
    const seen: boolean[] = [];
    const unsubscribe = subscribeUnlockRequests(() => seen.push(isUnlockAsked()));
    const first = askToUnlock();
    const second = askToUnlock();
    expect(isUnlockAsked()).toBe(true);
    expect(await hasSettled(first)).toBe(false);
    answerUnlocked();
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
    expect(isUnlockAsked()).toBe(false);
    expect(seen.at(-1)).toBe(false);
    unsubscribe();
  });

  it("fails every waiter with the vault's own words when the dialog is closed", async () => {
    const waiting = askToUnlock();
    answerDeclined();
    const err = await waiting.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnlockDeclinedError);
    expect(errorMessage(err, "Failed to save password")).toBe(KEYS_MSG.vaultLocked);
    expect(isUnlockAsked()).toBe(false);
  });
});

describe("the data key for a save", () => {
  it("asks for the password on a tab without the key, then gives the key it opened", async () => {
    const saving = fetchDataKeyOrAsk(qc);
    expect(await hasSettled(saving)).toBe(false);
    expect(isUnlockAsked()).toBe(true);
    await unlock();
    const dataKey = await saving;
    expect(dataKey).toBe(qc.getQueryData(dataKeyQueryKey));
    expect(dataKey.extractable).toBe(false);
    // Held now: the next save does not ask.
    await expect(fetchDataKeyOrAsk(qc)).resolves.toBe(dataKey);
    expect(isUnlockAsked()).toBe(false);
  });

  it("fails with UnlockDeclinedError, not a save failure, when the person does not unlock", async () => {
    const saving = fetchDataKeyOrAsk(qc);
    expect(await hasSettled(saving)).toBe(false);
    answerDeclined();
    await expect(saving).rejects.toBeInstanceOf(UnlockDeclinedError);
  });
});
