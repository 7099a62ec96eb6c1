import { describe, expect, it } from "vitest";
import {
  accessKeyFromText,
  accessKeyLink,
  accessKeyToText,
  combineShares,
  importBeneficiaryKey,
  parseAccessKeyLink,
  randomShare,
  unwrapRaw,
  wrapContext,
  wrapRaw,
} from "./beneficiary-keys";
import {
  DecryptError,
  decryptJson,
  encryptJson,
  importDataKey,
  newContentKey,
  unwrapContentKey,
  wrapContentKey,
} from "./vault-crypto";

/** Beneficiary keys (docs/decisions/032) on Node's WebCrypto. */

const KEY_ID = "3f0c8a52-5d0b-4a8e-9a0f-6c1f1d2b7e11";
const OTHER_ID = "b7a1e9d4-2c3f-4e5a-8b6c-7d8e9f0a1b2c";
const ASSET_ID = "0d5b7f2e-9c1a-4b3d-8e6f-1a2b3c4d5e6f";
const newDataKey = () => importDataKey(crypto.getRandomValues(new Uint8Array(32)));

describe("beneficiary key shares", () => {
  it("opens an item only with both shares", async () => {
    const share = randomShare();
    const access = randomShare();
    const bk = await importBeneficiaryKey(combineShares(share, access));
    const ck = await newContentKey();
    const wrapped = await wrapContentKey(ck, bk, ASSET_ID);
    const blob = await encryptJson(ck, { text: "for you" });

    const again = await importBeneficiaryKey(combineShares(access, share));
    const opened = await unwrapContentKey(wrapped, again, ASSET_ID);
    expect(await decryptJson(opened, blob)).toEqual({ text: "for you" });

    const shareAlone = await importBeneficiaryKey(combineShares(share, new Uint8Array(32)));
    await expect(unwrapContentKey(wrapped, shareAlone, ASSET_ID)).rejects.toThrow(DecryptError);
    const wrongAccess = await importBeneficiaryKey(combineShares(share, randomShare()));
    await expect(unwrapContentKey(wrapped, wrongAccess, ASSET_ID)).rejects.toThrow(DecryptError);
  });

  it("refuses shares of the wrong length", () => {
    expect(() => combineShares(randomShare(), new Uint8Array(31))).toThrow(DecryptError);
  });
});

describe("the owner's wrapped copies", () => {
  it("round-trip under the data key and their own context only", async () => {
    const dk = await newDataKey();
    const raw = randomShare();
    const wrapped = await wrapRaw(dk, raw, wrapContext.accessKey(KEY_ID));
    expect(wrapped.length).toBe(12 + 32 + 16);
    expect(await unwrapRaw(dk, wrapped, wrapContext.accessKey(KEY_ID))).toEqual(raw);
    await expect(unwrapRaw(dk, wrapped, wrapContext.beneficiaryKey(KEY_ID))).rejects.toThrow(
      DecryptError,
    );
    await expect(unwrapRaw(dk, wrapped, wrapContext.accessKey(OTHER_ID))).rejects.toThrow(
      DecryptError,
    );
    await expect(
      unwrapRaw(await newDataKey(), wrapped, wrapContext.accessKey(KEY_ID)),
    ).rejects.toThrow(DecryptError);
  });
});

describe("access key text and links", () => {
  it("round-trips as 43 base64url characters, tolerant of spaces and line breaks", () => {
    const key = randomShare();
    const text = accessKeyToText(key);
    expect(text).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(accessKeyFromText(text)).toEqual(key);
    const grouped = text.match(/.{1,4}/g)!.join(" ");
    expect(accessKeyFromText(`${grouped.slice(0, 20)}\n${grouped.slice(20)}`)).toEqual(key);
    expect(accessKeyFromText(text.slice(1))).toBeNull();
    expect(accessKeyFromText(text.slice(1) + "!")).toBeNull();
  });

  it("puts the key after # and reads it back from a link, a fragment or the bare text", () => {
    const key = randomShare();
    const link = accessKeyLink("https://vault.example", KEY_ID, key);
    expect(link.startsWith("https://vault.example/legacy#access=")).toBe(true);
    expect(new URL(link).search).toBe("");
    const expected = { keyId: KEY_ID, accessKey: key };
    expect(parseAccessKeyLink(link)).toEqual(expected);
    expect(parseAccessKeyLink(new URL(link).hash)).toEqual(expected);
    expect(parseAccessKeyLink(`  ${KEY_ID}.${accessKeyToText(key)} `)).toEqual(expected);
    expect(parseAccessKeyLink(accessKeyToText(key))).toBeNull();
    expect(parseAccessKeyLink(`not-an-id.${accessKeyToText(key)}`)).toBeNull();
  });
});
