import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import {
  fakeKeysFetch,
  newFakeKeysServer,
  ownerBeneficiaryKey,
  type FakeKeysServer,
} from "@/testing/fake-keys-api";
import {
  decryptJson,
  fromBase64,
  importDataKey,
  unwrapContentKey,
} from "@/lib/crypto/vault-crypto";
import { addressesToWrap, beneficiaryKeysFor } from "./beneficiary-wrap";
import { openAsset, sealNewAsset } from "./seal";

/** A save's beneficiary wrap is made from the asset's stored wrappedKey, never from the open screen's key. */

let server: FakeKeysServer;
let dataKey: CryptoKey;
let queryClient: QueryClient;

beforeEach(async () => {
  server = newFakeKeysServer();
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
  queryClient = new QueryClient();
  queryClient.setQueryData(dataKeyQueryOptions().queryKey, dataKey);
  vi.stubGlobal("fetch", vi.fn(fakeKeysFetch(() => server)));
});
afterEach(() => vi.unstubAllGlobals());

const content = { username: "u", password: "pw", website: "", notes: "" };

describe("beneficiaryKeysFor", () => {
  it("wraps an opened (non-extractable) asset's content key for its new beneficiary", async () => {
    const sealed = await sealNewAsset<"password">(dataKey, content);
    const opened = await openAsset<"password">(dataKey, sealed);
    expect(opened.contentKey.extractable).toBe(false);
    const wraps = await beneficiaryKeysFor(queryClient, {
      assetId: sealed.id,
      wrappedKey: sealed.wrappedKey,
      beneficiaryEmails: ["ann@example.com"],
      previousBeneficiaryEmails: [],
      isNewContentKey: false,
    });
    const wrap = wraps?.[0];
    expect(wraps).toHaveLength(1);
    expect(wrap?.id).toBe(server.keys[0]?.id);
    // The beneficiary's copy is the same content key: it decrypts what the owner encrypted.
    const bk = await ownerBeneficiaryKey(dataKey, server.keys[0]!);
    const theirs = await unwrapContentKey(fromBase64(wrap!.wrappedKey), bk, sealed.id);
    await expect(decryptJson(theirs, sealed.encryptedData)).resolves.toEqual(content);
  });

  it("sends nothing, and asks nothing, when the beneficiary stays and the content key too", async () => {
    const sealed = await sealNewAsset<"password">(dataKey, content);
    const wrap = await beneficiaryKeysFor(queryClient, {
      assetId: sealed.id,
      wrappedKey: sealed.wrappedKey,
      beneficiaryEmails: ["Ann@example.com"],
      previousBeneficiaryEmails: ["ann@example.com"],
      isNewContentKey: false,
    });
    expect(wrap).toBeUndefined();
    expect(server.gets).toBe(0);
  });
});

describe("addressesToWrap (docs/decisions/053)", () => {
  it("names only the people an edit adds; everyone when the content key is new; nobody when the list stays", () => {
    const before = ["emma@example.com", "sam@example.com"];
    expect(
      addressesToWrap({
        beneficiaryEmails: ["Sam@example.com", "lee@example.com", "emma@example.com"],
        previousBeneficiaryEmails: before,
        isNewContentKey: false,
      }),
    ).toEqual(["lee@example.com"]);
    expect(
      addressesToWrap({
        beneficiaryEmails: ["emma@example.com"],
        previousBeneficiaryEmails: before,
        isNewContentKey: false,
      }),
    ).toEqual([]);
    expect(
      addressesToWrap({
        beneficiaryEmails: undefined,
        previousBeneficiaryEmails: before,
        isNewContentKey: true,
      }),
    ).toEqual(before);
    expect(
      addressesToWrap({
        beneficiaryEmails: ["emma@example.com", "EMMA@example.com"],
        previousBeneficiaryEmails: [],
        isNewContentKey: true,
      }),
    ).toEqual(["emma@example.com"]);
  });

  it("wraps a new item once per beneficiary, each with that beneficiary's own key", async () => {
    const sealed = await sealNewAsset<"password">(dataKey, content);
    const wraps = await beneficiaryKeysFor(queryClient, {
      assetId: sealed.id,
      wrappedKey: sealed.wrappedKey,
      beneficiaryEmails: ["emma@example.com", "sam@example.com"],
      previousBeneficiaryEmails: [],
      isNewContentKey: true,
    });
    expect(wraps?.map((w) => w.id)).toEqual(server.keys.map((k) => k.id));
    expect(new Set(server.keys.map((k) => k.email))).toEqual(
      new Set(["emma@example.com", "sam@example.com"]),
    );
    for (const [i, key] of server.keys.entries()) {
      const bk = await ownerBeneficiaryKey(dataKey, key);
      const theirs = await unwrapContentKey(fromBase64(wraps![i]!.wrappedKey), bk, sealed.id);
      await expect(decryptJson(theirs, sealed.encryptedData)).resolves.toEqual(content);
    }
  });
});
