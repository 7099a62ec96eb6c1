import { randomUUID } from "node:crypto";
import type { AssetType, AssetView } from "../../common/assets.js";
import type { DataKeyView } from "../../common/keys.js";
import { sql } from "drizzle-orm";
import type { TestClient, TestContext } from "../harness.js";
import {
  encryptBytes,
  importDataKey,
  sealAsset,
  sealTitle,
  type CryptoKey,
} from "../vault-crypto.js";

/**
 * The signed-in user's data key, imported as their browser would, from the escrowed copy the
 * server hands to an account that has not moved over. An owner-held key (decision 038): pass
 * `dataKey` to buildAsset (test/factories/owner-keys.ts ownerDataKey, or the key the owner made).
 */
export async function dataKeyOf(client: TestClient): Promise<CryptoKey> {
  const res = await client.json<DataKeyView>("GET", "/api/vault/key");
  if (res.status !== 200) throw new Error(`GET /api/vault/key -> ${res.status}`);
  if (!res.body.dataKey)
    throw new Error("GET /api/vault/key: no escrowed data key (an owner-held key: pass dataKey)");
  return importDataKey(res.body.dataKey);
}

/**
 * Encrypts `content` and seals `title` like the browser (docs/decisions/080) and stores them as a
 * new asset of `client`. `title` is the clear title chosen; the server's answer holds it sealed
 * (`asset.encryptedTitle`, `asset.title` null).
 */
export async function buildAsset(
  client: TestClient,
  overrides: {
    type?: AssetType;
    title?: string;
    beneficiaryEmails?: string[];
    content?: unknown;
    dataKey?: CryptoKey;
  } = {},
) {
  const dk = overrides.dataKey ?? (await dataKeyOf(client));
  const id = randomUUID();
  const type = overrides.type ?? "password";
  const content = overrides.content ?? {
    username: "ada",
    password: "correct horse",
    website: "https://example.com",
    notes: "",
  };
  const { ck, wrappedKey, encryptedData } = await sealAsset(dk, id, content);
  const title = overrides.title ?? `My ${type} ${id.slice(0, 6)}`;
  const res = await client.json<{ asset: AssetView }>("POST", "/api/assets", {
    id,
    type,
    encryptedTitle: await sealTitle(ck, id, title),
    beneficiaryEmails: overrides.beneficiaryEmails ?? [],
    wrappedKey,
    encryptedData,
  });
  if (res.status !== 201)
    throw new Error(`POST /api/assets -> ${res.status} ${JSON.stringify(res.body)}`);
  return { id, ck, dk, title, asset: res.body.asset };
}

/**
 * Makes `id` an item from before sealed titles (docs/decisions/080): its title in clear, as
 * migration 0042 left every item, written by the system as no API can.
 */
export async function makeTitleClear(ctx: TestContext, id: string, title: string) {
  await ctx.services.deps.db.execute(
    sql`update assets set title = ${title}, encrypted_title = null where id = ${id}`,
  );
}

/** PUT /api/assets/:id/files/:kind with a raw body, as the browser sends it. */
export function putFile(
  client: TestClient,
  {
    assetId,
    kind,
    body,
    headers = {},
    init = {},
  }: {
    assetId: string;
    kind: string;
    body: RequestInit["body"];
    headers?: Record<string, string>;
    init?: { duplex?: "half" };
  },
) {
  return client.send(
    "PUT",
    `/api/assets/${assetId}/files/${kind}`,
    body,
    { "content-type": "application/octet-stream", "x-content-type": "application/pdf", ...headers },
    init,
  );
}

/** A file encrypted with the asset's content key, uploaded; returns the ciphertext sent. */
export async function uploadEncryptedFile(
  client: TestClient,
  {
    assetId,
    ck,
    kind,
    plaintext,
    type,
  }: { assetId: string; ck: CryptoKey; kind: string; plaintext: Uint8Array; type: string },
) {
  const ciphertext = await encryptBytes(ck, plaintext);
  const res = await putFile(client, {
    assetId,
    kind,
    body: ciphertext,
    headers: { "x-content-type": type, "content-length": String(ciphertext.length) },
  });
  return { res, ciphertext };
}
