import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  fromBase64,
  importDataKey,
  newContentKey,
  unwrapContentKey,
} from "@/lib/crypto/vault-crypto";
import { isEscrowedByDefault } from "./address-items";
import {
  escrowedBeneficiaryKey,
  fakeKeysFetch,
  fakePendingItems,
  newFakeKeysServer,
  ownerBeneficiaryKey,
  type FakeKeysServer,
} from "@/testing/fake-keys-api";
import { moveOver } from "./move-over";
import { wrapForBeneficiary } from "./wrap-for-beneficiary";

/** Saving an item for an address (decision 032 "Defaults"): the same key, whichever path makes it first. */

let server: FakeKeysServer;
let dataKey: CryptoKey;

const pendingItems = (email: string, n: number, fromBeforeKeys: boolean) =>
  fakePendingItems({ dataKey, email, n, fromBeforeKeys });

async function save(email: string, queryClient = new QueryClient()) {
  const assetId = crypto.randomUUID();
  const wrap = await wrapForBeneficiary({
    queryClient,
    dataKey,
    email,
    contentKey: await newContentKey(),
    assetId,
  });
  return { assetId, ...wrap };
}

beforeEach(async () => {
  server = newFakeKeysServer();
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
  vi.stubGlobal("fetch", vi.fn(fakeKeysFetch(() => server)));
});
afterEach(() => vi.unstubAllGlobals());

describe("wrapForBeneficiary", () => {
  it("a new address with nothing pending: a hand-over key, made with no items", async () => {
    const wrap = await save("Ann@Example.com");
    expect(server.posts).toHaveLength(1);
    expect(server.posts[0]).toMatchObject({ email: "ann@example.com", items: [] });
    expect(server.posts[0]?.escrowAccessKey).toBeUndefined();
    const [key] = server.keys;
    expect(wrap.id).toBe(key?.id);
    const bk = await ownerBeneficiaryKey(dataKey, key!);
    await expect(
      unwrapContentKey(fromBase64(wrap.wrappedKey), bk, wrap.assetId),
    ).resolves.toBeTruthy();
  });

  it("an address whose pending items are from before keys: an escrowed key that wraps them all in the POST", async () => {
    server.pending = [
      ...(await pendingItems("ann@example.com", 2, true)),
      ...(await pendingItems("ann@example.com", 1, false)),
      ...(await pendingItems("bob@example.com", 1, true)),
    ];
    const annIds = server.pending.slice(0, 3).map((p) => p.assetId);
    const wrap = await save("ann@example.com");
    expect(server.posts).toHaveLength(1);
    const [post] = server.posts;
    expect(post?.escrowAccessKey).toBeDefined();
    expect(post?.items.map((i) => i.assetId).sort()).toEqual([...annIds].sort());
    expect(server.pending.map((p) => p.beneficiaryEmail)).toEqual(["bob@example.com"]);
    // A release (server share + escrowed access key) opens the old items and the saved one.
    const bk = await escrowedBeneficiaryKey(server.keys[0]!);
    for (const { assetId, wrappedKey } of [...(post?.items ?? []), wrap])
      await expect(unwrapContentKey(fromBase64(wrappedKey), bk, assetId)).resolves.toBeTruthy();
  });

  it("an address whose pending items are all new: a hand-over key that still wraps them in the POST", async () => {
    server.pending = await pendingItems("ann@example.com", 2, false);
    const ids = server.pending.map((p) => p.assetId);
    await save("ann@example.com");
    expect(server.posts[0]?.escrowAccessKey).toBeUndefined();
    expect(server.posts[0]?.items.map((i) => i.assetId).sort()).toEqual([...ids].sort());
    expect(server.pending).toEqual([]);
    expect(server.keys[0]?.escrow).toBe(false);
  });

  it("an address with a key: no new key, the list fetched afresh", async () => {
    const queryClient = new QueryClient();
    const first = await save("ann@example.com", queryClient);
    const second = await save("ann@example.com", queryClient);
    expect(second.id).toBe(first.id);
    expect(server.posts).toHaveLength(1);
    expect(server.gets).toBe(2);
  });

  it("makes the same key as moving over would, whichever runs first", async () => {
    const items = await pendingItems("ann@example.com", 1, true);
    server.pending = items;
    await save("ann@example.com");
    const viaSave = server.keys[0]?.escrow;
    server = newFakeKeysServer();
    server.pending = items;
    await moveOver({ queryClient: new QueryClient(), getDataKey: async () => dataKey });
    expect([viaSave, server.keys[0]?.escrow]).toEqual([true, true]);
  });
});

describe("isEscrowedByDefault", () => {
  it("escrows when an item is from before keys, or when the server does not say", () => {
    expect(isEscrowedByDefault([])).toBe(false);
    expect(isEscrowedByDefault([{ fromBeforeKeys: false }])).toBe(false);
    expect(isEscrowedByDefault([{ fromBeforeKeys: false }, { fromBeforeKeys: true }])).toBe(true);
    // An older server leaves the field out: keep what a release did before (the code alone).
    expect(isEscrowedByDefault([JSON.parse("{}") as { fromBeforeKeys: boolean }])).toBe(true);
  });
});
