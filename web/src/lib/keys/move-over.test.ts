import { WRAP_ITEMS_MAX } from "@common/keys";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { unwrapRaw, wrapContext } from "@/lib/crypto/beneficiary-keys";
import { fromBase64, importDataKey, toBase64, unwrapContentKey } from "@/lib/crypto/vault-crypto";
import {
  escrowedBeneficiaryKey,
  fakeKeysFetch,
  fakePendingItems,
  json,
  newFakeKeysServer,
  ownerBeneficiaryKey,
  type FakeKeysServer,
} from "@/testing/fake-keys-api";
import { moveOver } from "./move-over";

/**
 * Moving over against an in-memory stand-in for /api/keys/beneficiaries (the server's own tests
 * cover the real one): real WebCrypto, real batching, real request bodies.
 */

let server: FakeKeysServer;
let dataKey: CryptoKey;

const pendingItems = (email: string, n: number, fromBeforeKeys = true) =>
  fakePendingItems({ dataKey, email, n, fromBeforeKeys });

const run = (email?: string) =>
  moveOver({ queryClient: new QueryClient(), getDataKey: async () => dataKey, email });

beforeEach(async () => {
  server = newFakeKeysServer();
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
  vi.stubGlobal("fetch", vi.fn(fakeKeysFetch(() => server)));
});
afterEach(() => vi.unstubAllGlobals());

describe("moveOver", () => {
  it("does nothing, and never asks for the data key, when nothing is pending", async () => {
    const getDataKey = vi.fn(async () => dataKey);
    const result = await moveOver({ queryClient: new QueryClient(), getDataKey });
    expect(result).toEqual({ total: 0, wrapped: 0, failed: 0 });
    expect(getDataKey).not.toHaveBeenCalled();
    expect(server.posts).toEqual([]);
    expect(server.gets).toBe(1);
  });

  it("makes an escrowed key for items from before keys: the first batch in the POST, the rest by PUT", async () => {
    server.pending = await pendingItems("ann@example.com", WRAP_ITEMS_MAX + 1);
    const result = await run();
    expect(result).toEqual({ total: WRAP_ITEMS_MAX + 1, wrapped: WRAP_ITEMS_MAX + 1, failed: 0 });
    expect(server.pending).toEqual([]);
    expect(server.posts).toHaveLength(1);
    expect(server.posts[0]?.items).toHaveLength(WRAP_ITEMS_MAX);
    expect(server.puts.map((p) => p.body.items.length)).toEqual([1]);
    const [key] = server.keys;
    expect(key?.escrow).toBe(true);
    expect(server.puts[0]?.keyId).toBe(key?.id);

    // What a release gives the beneficiary (server share + escrowed access key) opens each item.
    const bk = await escrowedBeneficiaryKey(key!);
    const wrap = server.puts[0]!.body.items[0]!;
    await expect(
      unwrapContentKey(fromBase64(wrap.wrappedKey), bk, wrap.assetId),
    ).resolves.toBeTruthy();
    // The owner's copies open with the data key under their own contexts.
    await expect(
      unwrapRaw(dataKey, fromBase64(key!.ownerWrappedKey), wrapContext.beneficiaryKey(key!.id)),
    ).resolves.toHaveLength(32);
  });

  it("makes a hand-over key, with every pending item in the POST, when none is from before keys", async () => {
    server.pending = await pendingItems("ann@example.com", 3, false);
    const ids = server.pending.map((p) => p.assetId);
    expect(await run()).toEqual({ total: 3, wrapped: 3, failed: 0 });
    expect(server.posts).toHaveLength(1);
    expect(server.posts[0]?.escrowAccessKey).toBeUndefined();
    expect(server.posts[0]?.items.map((i) => i.assetId).sort()).toEqual([...ids].sort());
    expect(server.puts).toEqual([]);
    expect(server.pending).toEqual([]);
    const [key] = server.keys;
    expect(key?.escrow).toBe(false);
    // The owner's BK (the one the access key completes) opens the wraps.
    const bk = await ownerBeneficiaryKey(dataKey, key!);
    const wrap = server.posts[0]!.items[0]!;
    await expect(
      unwrapContentKey(fromBase64(wrap.wrappedKey), bk, wrap.assetId),
    ).resolves.toBeTruthy();
  });

  it("escrows an address when one of its pending items is from before keys, per address", async () => {
    server.pending = [
      ...(await pendingItems("ann@example.com", 2, false)),
      ...(await pendingItems("ann@example.com", 1, true)),
      ...(await pendingItems("bob@example.com", 2, false)),
    ];
    expect(await run()).toEqual({ total: 5, wrapped: 5, failed: 0 });
    const escrowOf = Object.fromEntries(server.keys.map((k) => [k.email, k.escrow]));
    expect(escrowOf).toEqual({ "ann@example.com": true, "bob@example.com": false });
    expect(server.posts.map((p) => p.items.length).sort()).toEqual([2, 3]);
  });

  it("wraps for an address's existing key by PUT, and only the address asked for", async () => {
    server.pending = await pendingItems("ann@example.com", 1);
    await run();
    const annKey = server.keys[0]!;
    server.posts = [];
    server.pending = [
      ...(await pendingItems("ann@example.com", 2)),
      ...(await pendingItems("bob@example.com", 1)),
    ];
    const result = await run("ann@example.com");
    expect(result).toEqual({ total: 2, wrapped: 2, failed: 0 });
    expect(server.posts).toEqual([]);
    expect(server.puts.at(-1)?.keyId).toBe(annKey.id);
    expect(server.pending.map((p) => p.beneficiaryEmail)).toEqual(["bob@example.com"]);
  });

  it("leaves items pending when a request fails, or when an item does not open", async () => {
    server.pending = await pendingItems("ann@example.com", 1);
    await run();
    server.pending = await pendingItems("ann@example.com", 2);
    server.failPuts = 1;
    expect(await run()).toEqual({ total: 2, wrapped: 0, failed: 2 });
    expect(server.pending).toHaveLength(2);

    const damaged = { ...server.pending[0]!, wrappedKey: toBase64(new Uint8Array(60)) };
    server.pending = [damaged, server.pending[1]!];
    expect(await run()).toEqual({ total: 2, wrapped: 1, failed: 1 });
    expect(server.pending).toEqual([damaged]);
  });

  it("uses the key another tab made meanwhile (409)", async () => {
    server.pending = await pendingItems("ann@example.com", 1);
    await run();
    const annKey = server.keys[0]!;
    // This browser still believes ann has no key: the list it reads first leaves it out.
    server.pending = await pendingItems("ann@example.com", 1);
    let first = true;
    const fetch = fakeKeysFetch(() => server);
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string, init?: RequestInit) => {
        if (first && (init?.method ?? "GET") === "GET") {
          first = false;
          return Promise.resolve(json(200, { keys: [], pending: server.pending }));
        }
        return fetch(url, init);
      }),
    );
    expect(await run()).toEqual({ total: 1, wrapped: 1, failed: 0 });
    expect(server.keys).toHaveLength(1);
    expect(server.puts.at(-1)?.keyId).toBe(annKey.id);
  });
});
