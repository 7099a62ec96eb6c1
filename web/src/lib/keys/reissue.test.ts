import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromBase64, importDataKey, unwrapContentKey } from "@/lib/crypto/vault-crypto";
import {
  fakeKeysFetch,
  fakePendingItems,
  newFakeKeysServer,
  ownerBeneficiaryKey,
  type FakeKeysServer,
} from "@/testing/fake-keys-api";
import { moveOver } from "./move-over";
import { reissueKey, type ReissueProgress } from "./reissue";

/** Re-issue: the address's items are wrapped with the new key at once, not at some later PUT. */

let server: FakeKeysServer;
let dataKey: CryptoKey;
const queryClient = () => new QueryClient();
const getDataKey = async () => dataKey;

/** ann@ with an escrowed key (moved over) wrapping `n` items. */
async function annWithItems(n: number) {
  server.pending = await fakePendingItems({
    dataKey,
    email: "ann@example.com",
    n,
    fromBeforeKeys: true,
  });
  await moveOver({ queryClient: queryClient(), getDataKey });
  server.posts = [];
  server.puts = [];
  return server.keys[0]!;
}

beforeEach(async () => {
  server = newFakeKeysServer();
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
  vi.stubGlobal("fetch", vi.fn(fakeKeysFetch(() => server)));
});
afterEach(() => vi.unstubAllGlobals());

describe("reissueKey", () => {
  it("replaces the key with a hand-over key and wraps every item of the address with it at once", async () => {
    const old = await annWithItems(3);
    const progress: ReissueProgress[] = [];
    const { key, remaining } = await reissueKey({
      queryClient: queryClient(),
      getDataKey,
      key: old,
      onProgress: (p) => progress.push(p),
    });
    expect(remaining).toBe(0);
    expect(server.posts).toHaveLength(1);
    expect(server.posts[0]).toMatchObject({ replaces: old.id, email: "ann@example.com" });
    expect(server.posts[0]?.escrowAccessKey).toBeUndefined();
    expect(server.keys.map((k) => k.id)).toEqual([key.id]);
    expect(server.pending).toEqual([]);
    expect(server.wrapped.map((w) => w.keyId)).toEqual([key.id, key.id, key.id]);
    const bk = await ownerBeneficiaryKey(dataKey, key);
    for (const { assetId, wrappedKey } of server.puts.flatMap((p) => p.body.items))
      await expect(unwrapContentKey(fromBase64(wrappedKey), bk, assetId)).resolves.toBeTruthy();
    expect(progress.at(0)).toEqual({ phase: "key" });
    expect(progress.at(-1)).toEqual({ phase: "items", total: 3, done: 3 });
  });

  it("sends the address's items already pending with the POST", async () => {
    const old = await annWithItems(1);
    server.pending = await fakePendingItems({
      dataKey,
      email: "ann@example.com",
      n: 2,
      fromBeforeKeys: false,
    });
    const ids = server.pending.map((p) => p.assetId);
    const { remaining } = await reissueKey({ queryClient: queryClient(), getDataKey, key: old });
    expect(remaining).toBe(0);
    expect(server.posts[0]?.items.map((i) => i.assetId).sort()).toEqual([...ids].sort());
    expect(server.pending).toEqual([]);
  });

  it("tries a failed batch once more, and counts what is still unwrapped", async () => {
    const old = await annWithItems(2);
    server.failPuts = 1;
    const progress: ReissueProgress[] = [];
    const first = await reissueKey({
      queryClient: queryClient(),
      getDataKey,
      key: old,
      onProgress: (p) => progress.push(p),
      retryAfterMs: 0,
    });
    expect(first.remaining).toBe(0);
    expect(progress).toContainEqual({ phase: "retrying", count: 2 });
    expect(server.puts).toHaveLength(2);
    expect(server.pending).toEqual([]);

    server.puts = [];
    server.failPuts = 2;
    const second = await reissueKey({
      queryClient: queryClient(),
      getDataKey,
      key: first.key,
      retryAfterMs: 0,
    });
    expect(second.remaining).toBe(2);
    expect(server.puts).toHaveLength(2); // the first try and one retry, no more
    expect(server.pending).toHaveLength(2);
  });

  it("throws, changing nothing, when the key cannot be made", async () => {
    const old = await annWithItems(1);
    server.keys = [{ ...server.keys[0]!, id: crypto.randomUUID() }]; // another tab re-issued
    await expect(
      reissueKey({ queryClient: queryClient(), getDataKey, key: old }),
    ).rejects.toMatchObject({ status: 409 });
    expect(server.puts).toEqual([]);
  });
});
