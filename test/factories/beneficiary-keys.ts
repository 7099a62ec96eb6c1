/**
 * The owner's and the beneficiary's browsers for beneficiary keys (docs/decisions/032), with node's
 * WebCrypto as web/src/lib/crypto/beneficiary-keys.ts uses it: shares S (server) and A (access key),
 * BK = S XOR A, content keys wrapped with BK (the asset id as additional data).
 */
import { randomBytes, randomUUID, webcrypto } from "node:crypto";
import type { BeneficiaryKeyView, ItemWrapInput } from "../../common/keys.js";
import type { LegacyItem } from "../../common/legacy.js";
import type { TestClient } from "../harness.js";
import { openTitle, type CryptoKey } from "../vault-crypto.js";

const { subtle } = webcrypto;
const IV_BYTES = 12;
const utf8 = (s: string) => new TextEncoder().encode(s);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

export const xor = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.map((x, i) => x ^ (b[i] ?? 0)));

const importWrapKey = (raw: Uint8Array) =>
  subtle.importKey("raw", raw, "AES-GCM", false, ["wrapKey", "unwrapKey"]);

/** `key` (extractable) wrapped with `wrapping`: 12-byte IV ‖ AES-GCM ciphertext ‖ tag, base64. */
async function wrapWith(wrapping: CryptoKey, key: CryptoKey, context: string) {
  const iv = webcrypto.getRandomValues(new Uint8Array(IV_BYTES));
  const wrapped = await subtle.wrapKey("raw", key, wrapping, {
    name: "AES-GCM",
    iv,
    additionalData: utf8(context),
  });
  return b64(Buffer.concat([iv, new Uint8Array(wrapped)]));
}

const rawAsKey = (raw: Uint8Array) => subtle.importKey("raw", raw, "AES-GCM", true, ["encrypt"]);

/** A content key wrapped with the beneficiary key, as the owner's browser sends it. */
export async function wrapForBeneficiary(bk: CryptoKey, assetId: string, ck: CryptoKey) {
  return wrapWith(bk, ck, assetId);
}

/** A new beneficiary key made by the owner's browser: the request body and the secrets it kept. */
export async function makeBeneficiaryKey(
  dk: CryptoKey,
  options: {
    email: string;
    escrow?: boolean;
    replaces?: string;
    items?: { id: string; ck: CryptoKey }[];
  },
) {
  const id = randomUUID();
  const serverShare = randomBytes(32);
  const accessKey = randomBytes(32);
  const bkBytes = xor(serverShare, accessKey);
  const bk = await importWrapKey(bkBytes);
  const items: ItemWrapInput[] = [];
  for (const item of options.items ?? [])
    items.push({ assetId: item.id, wrappedKey: await wrapForBeneficiary(bk, item.id, item.ck) });
  const body = {
    id,
    email: options.email,
    serverShare: b64(serverShare),
    ...(options.escrow ? { escrowAccessKey: b64(accessKey) } : {}),
    ownerWrappedKey: await wrapWith(dk, await rawAsKey(bkBytes), `beneficiary-key:${id}`),
    ownerWrappedAccessKey: await wrapWith(dk, await rawAsKey(accessKey), `access-key:${id}`),
    items,
    ...(options.replaces ? { replaces: options.replaces } : {}),
  };
  return { id, serverShare, accessKey, bkBytes, bk, body };
}

/** POST /api/keys/beneficiaries with a key made as above; throws unless 201. */
export async function createBeneficiaryKey(
  client: TestClient,
  dk: CryptoKey,
  options: Parameters<typeof makeBeneficiaryKey>[1],
) {
  const made = await makeBeneficiaryKey(dk, options);
  const res = await client.json<BeneficiaryKeyView>("POST", "/api/keys/beneficiaries", made.body);
  if (res.status !== 201)
    throw new Error(`POST /api/keys/beneficiaries -> ${res.status} ${JSON.stringify(res.body)}`);
  return { ...made, view: res.body };
}

/** The beneficiary's browser: BK from the server's share and the access key, then the item's content key. */
export async function openBeneficiaryWrap({
  serverShare,
  accessKey,
  assetId,
  wrappedKey,
}: {
  serverShare: string;
  accessKey: Uint8Array;
  assetId: string;
  wrappedKey: string;
}): Promise<CryptoKey> {
  const bk = await importWrapKey(xor(Buffer.from(serverShare, "base64"), accessKey));
  const blob = Buffer.from(wrappedKey, "base64");
  return subtle.unwrapKey(
    "raw",
    blob.subarray(IV_BYTES),
    bk,
    { name: "AES-GCM", iv: blob.subarray(0, IV_BYTES), additionalData: utf8(assetId) },
    "AES-GCM",
    false,
    ["decrypt"],
  );
}

/**
 * A listed portal item's title as the beneficiary's browser shows it (docs/decisions/080): clear
 * from before, or opened with the listed key: the raw content key, or the beneficiary key made of
 * the server's share and the access key (the escrowed one, else `accessKey`).
 */
export async function openListedTitle(item: LegacyItem, accessKey?: Uint8Array): Promise<string> {
  if (item.encryptedTitle === null) return item.title ?? "";
  const key = item.key;
  if (!key) throw new Error(`no key listed for ${item.id}`);
  const ck =
    key.kind === "content-key"
      ? await subtle.importKey("raw", Buffer.from(key.contentKey, "base64"), "AES-GCM", false, [
          "decrypt",
        ])
      : await openBeneficiaryWrap({
          serverShare: key.serverShare,
          accessKey: key.escrowShare
            ? Buffer.from(key.escrowShare, "base64")
            : (accessKey ?? new Uint8Array()),
          assetId: item.id,
          wrappedKey: key.wrappedKey,
        });
  return openTitle(ck, item.id, item.encryptedTitle);
}
