import type {
  BeneficiaryKeyView,
  CreateBeneficiaryKeyInput,
  PendingItemView,
  WrapItemsInput,
} from "@common/keys";
import {
  combineShares,
  importBeneficiaryKey,
  randomShare,
  unwrapRaw,
  wrapContext,
  wrapRaw,
} from "@/lib/crypto/beneficiary-keys";
import { fromBase64, newContentKey, toBase64, wrapContentKey } from "@/lib/crypto/vault-crypto";

/**
 * For unit tests only: an in-memory stand-in for /api/keys/beneficiaries (the server's own tests
 * cover the real one), for `vi.stubGlobal("fetch", …)`. Real request bodies; a POST or PUT takes
 * its items off `pending`, as the server does.
 */
export type FakeKeysServer = {
  keys: (BeneficiaryKeyView & { serverShare: string; escrowAccessKey?: string })[];
  pending: PendingItemView[];
  /** Items wrapped for a key (a re-issue of that key makes them pending again). */
  wrapped: { keyId: string; item: PendingItemView }[];
  posts: CreateBeneficiaryKeyInput[];
  puts: { keyId: string; body: WrapItemsInput }[];
  gets: number;
  /** Fails the next PUTs with a 500. */
  failPuts: number;
};

export const newFakeKeysServer = (): FakeKeysServer => ({
  keys: [],
  pending: [],
  wrapped: [],
  posts: [],
  puts: [],
  gets: 0,
  failPuts: 0,
});

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Wrapped items leave `pending`. */
function take(s: FakeKeysServer, keyId: string, items: readonly { assetId: string }[]) {
  const isIn = (p: PendingItemView) => items.some((i) => i.assetId === p.assetId);
  s.wrapped.push(...s.pending.filter(isIn).map((item) => ({ keyId, item })));
  s.pending = s.pending.filter((p) => !isIn(p));
}

/** The fetch the server answers; `server` is read at each call. */
export function fakeKeysFetch(server: () => FakeKeysServer) {
  return (url: string, init: RequestInit = {}): Promise<Response> => {
    const s = server();
    const method = init.method ?? "GET";
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (method === "GET" && url === "/api/keys/beneficiaries") {
      s.gets++;
      return Promise.resolve(json(200, { keys: s.keys, pending: s.pending }));
    }
    if (method === "POST" && url === "/api/keys/beneficiaries") {
      const input = body as CreateBeneficiaryKeyInput;
      s.posts.push(input);
      if (s.keys.some((k) => k.email === input.email && k.id !== input.replaces))
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
      s.keys = [...s.keys.filter((k) => k.id !== input.replaces), key];
      if (input.replaces) {
        s.pending.push(...s.wrapped.filter((w) => w.keyId === input.replaces).map((w) => w.item));
        s.wrapped = s.wrapped.filter((w) => w.keyId !== input.replaces);
      }
      take(s, key.id, input.items);
      return Promise.resolve(json(201, key));
    }
    const put = /^\/api\/keys\/beneficiaries\/([^/]+)\/items$/.exec(url);
    if (method === "PUT" && put) {
      s.puts.push({ keyId: put[1] ?? "", body: body as WrapItemsInput });
      if (s.failPuts > 0) {
        s.failPuts--;
        return Promise.resolve(json(500, { error: { code: "INTERNAL", message: "down" } }));
      }
      const { items } = body as WrapItemsInput;
      take(s, put[1] ?? "", items);
      return Promise.resolve(json(200, { wrapped: items.length }));
    }
    return Promise.resolve(json(404, { error: { code: "NOT_FOUND", message: url } }));
  };
}

/** `n` items of `email`, their content keys wrapped with the data key as the server lists them. */
export async function fakePendingItems({
  dataKey,
  email,
  n,
  fromBeforeKeys,
}: {
  dataKey: CryptoKey;
  email: string;
  n: number;
  fromBeforeKeys: boolean;
}): Promise<PendingItemView[]> {
  const ck = await newContentKey();
  return Promise.all(
    Array.from({ length: n }, async () => {
      const assetId = crypto.randomUUID();
      const wrappedKey = toBase64(await wrapContentKey(ck, dataKey, assetId));
      return { assetId, beneficiaryEmail: email, wrappedKey, fromBeforeKeys };
    }),
  );
}

/** BK from the shares the server would hold (escrowed key): the beneficiary's side of a release. */
export async function escrowedBeneficiaryKey(key: FakeKeysServer["keys"][number]) {
  if (!key.escrowAccessKey) throw new Error("not escrowed");
  return importBeneficiaryKey(
    combineShares(fromBase64(key.serverShare), fromBase64(key.escrowAccessKey)),
  );
}

/** BK as the owner's browser keeps it (wrapped with the data key): opens any key's wraps. */
/** A beneficiary key the owner made for `email` (a hand-over key, not handed over yet), and its raw bytes. */
export async function fakeBeneficiaryKey(dataKey: CryptoKey, email: string) {
  const id = crypto.randomUUID();
  const bk = randomShare();
  const view: FakeKeysServer["keys"][number] = {
    id,
    email,
    ownerWrappedKey: toBase64(await wrapRaw(dataKey, bk, wrapContext.beneficiaryKey(id))),
    ownerWrappedAccessKey: toBase64(
      await wrapRaw(dataKey, randomShare(), wrapContext.accessKey(id)),
    ),
    escrow: false,
    handedOverAt: null,
    createdAt: new Date().toISOString(),
    itemCount: 1,
    serverShare: toBase64(randomShare()),
  };
  return { view, bk };
}

export async function ownerBeneficiaryKey(dataKey: CryptoKey, key: BeneficiaryKeyView) {
  const raw = await unwrapRaw(
    dataKey,
    fromBase64(key.ownerWrappedKey),
    wrapContext.beneficiaryKey(key.id),
  );
  return importBeneficiaryKey(raw);
}
