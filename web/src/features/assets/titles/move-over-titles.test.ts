import { ASSET_TITLES_BATCH } from "@common/assets";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromBase64, importDataKey, unwrapContentKey } from "@/lib/crypto/vault-crypto";
import {
  fakeAsset,
  fakeAssetsFetch,
  newFakeAssetsServer,
  type FakeAssetsServer,
} from "@/testing/fake-assets-api";
import { openTitle } from "../seal";
import { moveOverTitles } from "./move-over-titles";

/**
 * Moving titles over against an in-memory stand-in for /api/assets (the server's own tests cover
 * the real one): real WebCrypto, real batching, real request bodies.
 */

let server: FakeAssetsServer;
let dataKey: CryptoKey;

const clearItems = (n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      fakeAsset({ dataKey, type: "note", title: `Letter ${i}`, isClear: true }),
    ),
  );
const run = (onProgress?: (p: { total: number; done: number }) => void) =>
  moveOverTitles({ queryClient: new QueryClient(), getDataKey: async () => dataKey, onProgress });

beforeEach(async () => {
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
  server = newFakeAssetsServer();
  vi.stubGlobal("fetch", vi.fn(fakeAssetsFetch(() => server)));
});
afterEach(() => vi.unstubAllGlobals());

describe("moveOverTitles", () => {
  it("does nothing, and never asks for the data key, when every title is sealed", async () => {
    server.assets = [await fakeAsset({ dataKey, type: "password", title: "Bank" })];
    const getDataKey = vi.fn(async () => dataKey);
    const result = await moveOverTitles({ queryClient: new QueryClient(), getDataKey });
    expect(result).toEqual({ total: 0, sealed: 0, failed: 0 });
    expect(getDataKey).not.toHaveBeenCalled();
    expect(server.titlePosts).toEqual([]);
  });

  it("seals every clear title with its own content key, 100 at a time, counting as it goes", async () => {
    server.assets = await clearItems(ASSET_TITLES_BATCH + 5);
    const progress: number[] = [];
    const result = await run(({ done }) => progress.push(done));
    expect(result).toEqual({ total: 105, sealed: 105, failed: 0 });
    expect(server.titlePosts.map((p) => p.titles.length)).toEqual([100, 5]);
    expect(progress).toEqual([0, 100, 105]);
    for (const [i, asset] of server.assets.entries()) {
      expect(asset.title).toBeNull();
      const key = await unwrapContentKey(fromBase64(asset.wrappedKey), dataKey, asset.id);
      expect(await openTitle(key, asset.id, fromBase64(asset.encryptedTitle ?? ""))).toBe(
        `Letter ${i}`,
      );
    }
    expect(JSON.stringify(server.titlePosts)).not.toContain("Letter");
  });

  it("tries a failed batch once more, and leaves it clear for next time when that fails too", async () => {
    server.assets = await clearItems(3);
    server.failTitlePosts = 1;
    expect(await run()).toEqual({ total: 3, sealed: 3, failed: 0 });

    server.assets = await clearItems(2);
    server.failTitlePosts = 2;
    expect(await run()).toEqual({ total: 2, sealed: 0, failed: 2 });
    expect(server.assets.every((a) => a.title !== null)).toBe(true);
    expect(await run()).toEqual({ total: 2, sealed: 2, failed: 0 }); // the next sign-in
  });

  it("leaves an item whose key does not open clear, and seals the others", async () => {
    const otherKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
    const foreign = await fakeAsset({ dataKey: otherKey, type: "note", title: "X", isClear: true });
    server.assets = [...(await clearItems(2)), foreign];
    expect(await run()).toEqual({ total: 3, sealed: 2, failed: 1 });
    expect(foreign.title).toBe("X");
  });
});
