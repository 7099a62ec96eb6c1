import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dataKeyQueryKey, dataKeyQueryOptions } from "./api/get-data-key";
import { fakeVaultFetch, memoryStorage, newMovedOverAccount } from "@/testing/fake-vault-api";
import { signInSecretFor } from "./sign-in-secret";
import { forgetCopyOfReopenedTab, noteLeavingPage, RELOAD_GRACE_MS } from "./tab-close";
import { holdsVaultKey, lockVault, plaintextMeta } from "./vault-lock";
import { endVaultLock, getVaultLock } from "./vault-lock-state";
import {
  clearVault,
  holdPendingKeys,
  SESSION_COPY_KEY,
  setDataKeyInMemory,
  vaultState,
} from "./vault-state";
import { getDataKey, unlockWithPassword, VaultLockedError } from "./vault-unlock";

/**
 * The lock (decision 046) against the in-memory stand-in for the key routes: what it wipes (the
 * key in memory and in sessionStorage, the decrypted queries), what it keeps (metadata, and the
 * queries a kept screen shows), and that only the password opens the vault again.
 */

const EMAIL = "owner@example.com";
const PASSWORD = "Tangerine-Harbour-42";
let storage: Storage;
let qc: QueryClient;

const DETAIL = ["assets", "detail", "a1"];
const CONTENTS = ["assets", "contents", "password"];
const LIST = ["assets", "list", "all"];

/** Queries as the screens fill them: two decrypted (plaintext meta), one of metadata. */
async function fillCache() {
  const put = (queryKey: string[], data: unknown, isPlaintext: boolean) =>
    qc.fetchQuery({
      queryKey,
      queryFn: async () => data,
      gcTime: Infinity,
      meta: isPlaintext ? plaintextMeta : undefined,
    });
  await put(DETAIL, { password: "Pw-secret" }, true);
  await put(CONTENTS, new Map([["a1", { password: "Pw-secret" }]]), true);
  await put(LIST, [{ id: "a1", title: "Bank" }], false);
}

/** Signs in (the /login hand-over) and opens the vault as the first screen would. */
async function signInAndOpen() {
  const { pending } = await signInSecretFor(EMAIL, PASSWORD);
  holdPendingKeys(pending);
  await qc.fetchQuery(dataKeyQueryOptions());
}

beforeEach(async () => {
  storage = memoryStorage();
  vi.stubGlobal("sessionStorage", storage);
  const server = await newMovedOverAccount(
    EMAIL,
    PASSWORD,
    crypto.getRandomValues(new Uint8Array(32)),
  );
  vi.stubGlobal("fetch", vi.fn(fakeVaultFetch(() => server)));
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clearVault();
  endVaultLock();
});
afterEach(() => {
  qc.clear();
  clearVault();
  endVaultLock();
  vi.unstubAllGlobals();
});

describe("locking the vault", () => {
  it("wipes the key from memory and sessionStorage and removes every decrypted query", async () => {
    await signInAndOpen();
    await fillCache();
    expect(vaultState().dataKey).toBeDefined();
    expect(storage.getItem(SESSION_COPY_KEY)).toBeTruthy();
    expect(holdsVaultKey()).toBe(true);

    lockVault({ queryClient: qc, reason: "idle", keepsScreen: false });

    expect(vaultState().dataKey).toBeUndefined();
    expect(storage.getItem(SESSION_COPY_KEY)).toBeNull();
    expect(holdsVaultKey()).toBe(false);
    expect(qc.getQueryData(DETAIL)).toBeUndefined();
    expect(qc.getQueryData(CONTENTS)).toBeUndefined();
    expect(qc.getQueryCache().find({ queryKey: dataKeyQueryKey })).toBeUndefined();
    expect(qc.getQueryData(LIST)).toEqual([{ id: "a1", title: "Bank" }]); // metadata stays
    expect(getVaultLock()).toEqual({ isLocked: true, reason: "idle", keepsScreen: false });
  });

  it("asks for the password afterwards: no copy, no memory, the session key alone opens nothing", async () => {
    await signInAndOpen();
    lockVault({ queryClient: qc, reason: "now", keepsScreen: false });
    await expect(getDataKey()).rejects.toBeInstanceOf(VaultLockedError);
    await expect(qc.fetchQuery(dataKeyQueryOptions())).rejects.toBeInstanceOf(VaultLockedError);

    const dataKey = await unlockWithPassword(PASSWORD);
    endVaultLock();
    expect(getVaultLock().isLocked).toBe(false);
    expect(await getDataKey()).toBe(dataKey);
    expect(storage.getItem(SESSION_COPY_KEY)).toBeTruthy(); // a reload stays open again
  });

  it("locks once: a second lock changes nothing", async () => {
    await signInAndOpen();
    lockVault({ queryClient: qc, reason: "idle", keepsScreen: true });
    lockVault({ queryClient: qc, reason: "now", keepsScreen: false });
    expect(getVaultLock()).toEqual({ isLocked: true, reason: "idle", keepsScreen: true });
  });

  it("forgets a key still being opened when the lock came", async () => {
    await signInAndOpen();
    setDataKeyInMemory(undefined); // a reload: the copy opens it again, asynchronously
    const opening = getDataKey();
    lockVault({ queryClient: qc, reason: "idle", keepsScreen: false });
    await expect(opening).rejects.toBeInstanceOf(VaultLockedError);
    expect(vaultState().dataKey).toBeUndefined();
  });

  it("with a kept screen: keeps the queries it shows, removes the others, empties the key's query without refetching", async () => {
    await signInAndOpen();
    await fillCache();
    const shown = new QueryObserver(qc, { queryKey: DETAIL, enabled: false });
    const key = new QueryObserver(qc, { ...dataKeyQueryOptions(), enabled: true });
    const seen: unknown[] = [];
    const unsubscribe = [shown.subscribe(() => {}), key.subscribe((r) => seen.push(r.data))];
    const fetchesBefore = vi.mocked(fetch).mock.calls.length;

    lockVault({ queryClient: qc, reason: "idle", keepsScreen: true });

    expect(qc.getQueryData(DETAIL)).toEqual({ password: "Pw-secret" }); // under the dialog
    expect(qc.getQueryData(CONTENTS)).toBeUndefined(); // no screen shows it
    expect(qc.getQueryData(dataKeyQueryKey)).toBeUndefined();
    expect(key.getCurrentResult().data).toBeUndefined(); // the screen no longer holds the key
    expect(seen.at(-1)).toBeUndefined();
    // TanStack Query notifies its observers in the next task: a refetch would be asked by then
    await new Promise((r) => setTimeout(r, 0));
    expect(vi.mocked(fetch).mock.calls.length).toBe(fetchesBefore); // nothing asked the server
    expect(key.getCurrentResult().error).toBeNull();
    unsubscribe.forEach((u) => u());
  });
});

describe("closing the tab", () => {
  it("a page that starts long after the last one left forgets the copy; a reload keeps it", () => {
    storage.setItem(SESSION_COPY_KEY, "wrapped");
    noteLeavingPage(1_000_000);
    forgetCopyOfReopenedTab(1_000_000 + 2_000); // a reload
    expect(storage.getItem(SESSION_COPY_KEY)).toBe("wrapped");

    noteLeavingPage(2_000_000);
    forgetCopyOfReopenedTab(2_000_000 + RELOAD_GRACE_MS + 1); // Ctrl+Shift+T, a restored session
    expect(storage.getItem(SESSION_COPY_KEY)).toBeNull();
  });

  it("a first page (no note of leaving) keeps what it has", () => {
    storage.setItem(SESSION_COPY_KEY, "wrapped");
    forgetCopyOfReopenedTab(5_000_000);
    expect(storage.getItem(SESSION_COPY_KEY)).toBe("wrapped");
  });
});
