import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessKeyToText, randomShare } from "@/lib/crypto/beneficiary-keys";
import { toBase64 } from "@/lib/crypto/vault-crypto";
import { forgetCopyOfReopenedTab, noteLeavingPage, RELOAD_GRACE_MS } from "@/lib/keys/tab-close";
import { json } from "@/testing/fake-keys-api";
import { memoryStorage } from "@/testing/fake-vault-api";

/**
 * The access keys a beneficiary brought, kept for the tab's life (decision 075): wrapped with the
 * portal session's key in sessionStorage, opened again after a reload (a fresh module, the same
 * storage), by no other session's key, and forgotten on sign-out, with a wrong key, and when a
 * closed tab is reopened. Against a stand-in for GET /api/legacy/tab-key.
 */

const KEY_ID = "3f0c8a52-5d0b-4a8e-9a0f-6c1f1d2b7e11";
const OTHER_ID = "b7a1e9d4-2c3f-4e5a-8b6c-7d8e9f0a1b2c";
const COPY = `lv.access-key.${KEY_ID}`;
let storage: Storage;
/** The portal session's tab key; null: no live session (401). */
let sessionKey: string | null;

/** The module as a page load finds it: nothing in memory, this tab's storage as it was. */
async function loadPage() {
  vi.resetModules();
  return import("./access-keys");
}

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal("sessionStorage", storage);
  sessionKey = toBase64(crypto.getRandomValues(new Uint8Array(32)));
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string) =>
      Promise.resolve(
        url === "/api/legacy/tab-key" && sessionKey
          ? json(200, { sessionKey })
          : json(401, { error: { code: "UNAUTHENTICATED", message: "no session" } }),
      ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("an access key kept for the tab's life", () => {
  it("opens again after a reload with the same session's key, and the copy holds no key in clear", async () => {
    const key = randomShare();
    const page = await loadPage();
    page.rememberAccessKey(KEY_ID.toUpperCase(), key);
    await page.keepAccessKeysForTab();
    const copy = storage.getItem(COPY) ?? "";
    expect(copy).not.toBe("");
    expect(copy).not.toContain(toBase64(key));
    expect(copy).not.toContain(accessKeyToText(key));

    const reloaded = await loadPage();
    expect(reloaded.getAccessKey(KEY_ID)).toBeUndefined();
    await reloaded.restoreAccessKeys();
    expect(reloaded.getAccessKey(KEY_ID)).toEqual(key);
  });

  it("does not open with another session's key (signed in again, or in another tab): the copy goes", async () => {
    const page = await loadPage();
    page.rememberAccessKey(KEY_ID, randomShare());
    await page.keepAccessKeysForTab();
    sessionKey = toBase64(crypto.getRandomValues(new Uint8Array(32)));

    const reloaded = await loadPage();
    await reloaded.restoreAccessKeys();
    expect(reloaded.getAccessKey(KEY_ID)).toBeUndefined();
    expect(storage.getItem(COPY)).toBeNull();
  });

  it("is kept in memory only before the code (no session key), and asks the server for nothing when there is no copy", async () => {
    sessionKey = null;
    const page = await loadPage();
    const key = randomShare();
    expect(page.takeAccessKeyFragment(`#access=${KEY_ID}.${accessKeyToText(key)}`)).toBe(true);
    await page.keepAccessKeysForTab();
    expect(storage.getItem(COPY)).toBeNull();
    expect(page.getAccessKey(KEY_ID)).toEqual(key);

    const fetches = vi.mocked(fetch).mock.calls.length;
    await (await loadPage()).restoreAccessKeys();
    expect(vi.mocked(fetch).mock.calls.length).toBe(fetches);
  });

  it("is forgotten on sign-out, when it proves wrong, and when a closed tab is reopened", async () => {
    const page = await loadPage();
    page.rememberAccessKey(KEY_ID, randomShare());
    page.rememberAccessKey(OTHER_ID, randomShare());
    await page.keepAccessKeysForTab();
    expect(storage.length).toBe(2);
    page.forgetAccessKey(KEY_ID);
    expect(storage.getItem(COPY)).toBeNull();
    expect(storage.length).toBe(1);
    page.forgetAccessKeys();
    expect(storage.length).toBe(0);

    page.rememberAccessKey(KEY_ID, randomShare());
    await page.keepAccessKeysForTab();
    noteLeavingPage(1_000_000);
    forgetCopyOfReopenedTab(1_000_000 + 2_000); // a reload keeps it
    expect(storage.getItem(COPY)).not.toBeNull();
    noteLeavingPage(2_000_000);
    forgetCopyOfReopenedTab(2_000_000 + RELOAD_GRACE_MS + 1); // reopened with Ctrl+Shift+T
    expect(storage.getItem(COPY)).toBeNull();
  });
});
