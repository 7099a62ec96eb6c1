import {
  WRAP_ITEMS_MAX,
  type BeneficiaryKeyView,
  type CreateBeneficiaryKeyInput,
  type PendingItemView,
  type WrapItemsInput,
} from "@common/keys";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  combineShares,
  importBeneficiaryKey,
  unwrapRaw,
  wrapContext,
} from "@/lib/crypto/beneficiary-keys";
import {
  fromBase64,
  importDataKey,
  newContentKey,
  toBase64,
  unwrapContentKey,
  wrapContentKey,
} from "@/lib/crypto/vault-crypto";
import { moveOver } from "./move-over";

/**
 * Moving over against an in-memory stand-in for /api/keys/beneficiaries (the server's own tests
 * cover the real one): real WebCrypto, real batching, real request bodies.
 */

type Server = {
  keys: (BeneficiaryKeyView & { serverShare: string; escrowAccessKey?: string })[];
  pending: PendingItemView[];
  posts: CreateBeneficiaryKeyInput[];
  puts: { keyId: string; body: WrapItemsInput }[];
  /** Fails the next PUTs with a 500. */
  failPuts: number;
};

let server: Server;
let dataKey: CryptoKey;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function fakeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? "GET";
  const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
  if (method === "GET" && url === "/api/keys/beneficiaries")
    return Promise.resolve(json(200, { keys: server.keys, pending: server.pending }));
  if (method === "POST" && url === "/api/keys/beneficiaries") {
    const input = body as CreateBeneficiaryKeyInput;
    server.posts.push(input);
    if (server.keys.some((k) => k.email === input.email))
      return Promise.resolve(json(409, { error: { code: "CONFLICT", message: "exists" } }));
    const key = {
      id: input.id,
      email: input.email,
      ownerWrappedKey: input.ownerWrappedKey,
      ownerWrappedAccessKey: input.ownerWrappedAccessKey,
      escrow: !!input.escrowAccessKey,
      handedOverAt: null,
      createdAt: new Date().toISOString(),
      itemCount: 0,
      serverShare: input.serverShare,
      escrowAccessKey: input.escrowAccessKey,
    };
    server.keys.push(key);
    server.pending = server.pending.filter(
      (p) => !input.items.some((i) => i.assetId === p.assetId),
    );
    return Promise.resolve(json(201, key));
  }
  const put = /^\/api\/keys\/beneficiaries\/([^/]+)\/items$/.exec(url);
  if (method === "PUT" && put) {
    server.puts.push({ keyId: put[1] ?? "", body: body as WrapItemsInput });
    if (server.failPuts > 0) {
      server.failPuts--;
      return Promise.resolve(json(500, { error: { code: "INTERNAL", message: "down" } }));
    }
    const { items } = body as WrapItemsInput;
    server.pending = server.pending.filter((p) => !items.some((i) => i.assetId === p.assetId));
    return Promise.resolve(json(200, { wrapped: items.length }));
  }
  return Promise.resolve(json(404, { error: { code: "NOT_FOUND", message: url } }));
}

/** `n` items of `email`, their content keys wrapped with the data key as the server lists them. */
async function pendingItems(email: string, n: number): Promise<PendingItemView[]> {
  const ck = await newContentKey();
  return Promise.all(
    Array.from({ length: n }, async () => {
      const assetId = crypto.randomUUID();
      const wrappedKey = toBase64(await wrapContentKey(ck, dataKey, assetId));
      return { assetId, beneficiaryEmail: email, wrappedKey };
    }),
  );
}

/** BK from the shares the server would hold (escrowed key): the beneficiary's side of a release. */
async function beneficiaryKeyOf(key: Server["keys"][number]): Promise<CryptoKey> {
  if (!key.escrowAccessKey) throw new Error("not escrowed");
  return importBeneficiaryKey(
    combineShares(fromBase64(key.serverShare), fromBase64(key.escrowAccessKey)),
  );
}

const run = (email?: string) =>
  moveOver({ queryClient: new QueryClient(), getDataKey: async () => dataKey, email });

beforeEach(async () => {
  server = { keys: [], pending: [], posts: [], puts: [], failPuts: 0 };
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

describe("moveOver", () => {
  it("does nothing, and never asks for the data key, when nothing is pending", async () => {
    const getDataKey = vi.fn(async () => dataKey);
    const result = await moveOver({ queryClient: new QueryClient(), getDataKey });
    expect(result).toEqual({ total: 0, wrapped: 0, failed: 0 });
    expect(getDataKey).not.toHaveBeenCalled();
    expect(server.posts).toEqual([]);
  });

  it("makes an escrowed key for an address without one: the first batch in the POST, the rest by PUT", async () => {
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
    const bk = await beneficiaryKeyOf(key!);
    const wrap = server.puts[0]!.body.items[0]!;
    await expect(
      unwrapContentKey(fromBase64(wrap.wrappedKey), bk, wrap.assetId),
    ).resolves.toBeTruthy();
    // The owner's copies open with the data key under their own contexts.
    await expect(
      unwrapRaw(dataKey, fromBase64(key!.ownerWrappedKey), wrapContext.beneficiaryKey(key!.id)),
    ).resolves.toHaveLength(32);
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
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string, init?: RequestInit) => {
        if (first && (init?.method ?? "GET") === "GET") {
          first = false;
          return Promise.resolve(json(200, { keys: [], pending: server.pending }));
        }
        return fakeFetch(url, init);
      }),
    );
    expect(await run()).toEqual({ total: 1, wrapped: 1, failed: 0 });
    expect(server.keys).toHaveLength(1);
    expect(server.puts.at(-1)?.keyId).toBe(annKey.id);
  });
});
