import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dataKeyQueryOptions } from "@/features/keys/api/get-data-key";
import {
  fakeKeysFetch,
  newFakeKeysServer,
  ownerBeneficiaryKey,
  type FakeKeysServer,
} from "@/features/keys/fake-keys-api";
import {
  decryptJson,
  fromBase64,
  importDataKey,
  unwrapContentKey,
} from "@/lib/crypto/vault-crypto";
import { beneficiaryKeyFor } from "./beneficiary-wrap";
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

describe("beneficiaryKeyFor", () => {
  it("wraps an opened (non-extractable) asset's content key for its new beneficiary", async () => {
    const sealed = await sealNewAsset<"password">(dataKey, content);
    const opened = await openAsset<"password">(dataKey, sealed);
    expect(opened.contentKey.extractable).toBe(false);
    const wrap = await beneficiaryKeyFor(queryClient, {
      assetId: sealed.id,
      wrappedKey: sealed.wrappedKey,
      beneficiaryEmail: "ann@example.com",
      previousBeneficiaryEmail: null,
      isNewContentKey: false,
    });
    expect(wrap?.id).toBe(server.keys[0]?.id);
    // The beneficiary's copy is the same content key: it decrypts what the owner encrypted.
    const bk = await ownerBeneficiaryKey(dataKey, server.keys[0]!);
    const theirs = await unwrapContentKey(fromBase64(wrap!.wrappedKey), bk, sealed.id);
    await expect(decryptJson(theirs, sealed.encryptedData)).resolves.toEqual(content);
  });

  it("sends nothing, and asks nothing, when the beneficiary stays and the content key too", async () => {
    const sealed = await sealNewAsset<"password">(dataKey, content);
    const wrap = await beneficiaryKeyFor(queryClient, {
      assetId: sealed.id,
      wrappedKey: sealed.wrappedKey,
      beneficiaryEmail: "Ann@example.com",
      previousBeneficiaryEmail: "ann@example.com",
      isNewContentKey: false,
    });
    expect(wrap).toBeUndefined();
    expect(server.gets).toBe(0);
  });
});
