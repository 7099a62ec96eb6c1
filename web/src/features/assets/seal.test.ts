import { describe, expect, it } from "vitest";
import { DecryptError, importDataKey, newContentKey } from "@/lib/crypto/vault-crypto";
import { openAsset, openTitle, sealNewAsset, sealTitle } from "./seal";

const ASSET_ID = "3f0c8a52-5d0b-4a8e-9a0f-6c1f1d2b7e11";
const OTHER_ID = "b7a1e9d4-2c3f-4e5a-8b6c-7d8e9f0a1b2c";
const IV_BYTES = 12;
const TAG_BYTES = 16;

describe("openAsset", () => {
  it("opens the content with a content key that cannot be exported", async () => {
    const content = { username: "u", password: "pw", website: "", notes: "" };
    const dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
    const sealed = await sealNewAsset<"password">(dataKey, content);
    const opened = await openAsset<"password">(dataKey, sealed);
    expect(opened.content).toEqual(content);
    expect(opened.contentKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("raw", opened.contentKey)).rejects.toThrow();
  });
});

describe("sealTitle and openTitle", () => {
  it("round-trip the trimmed title, IV in front and tag at the end, a fresh IV each time", async () => {
    const key = await newContentKey();
    const title = "  Will — house at 12 Main Street 🏠 ";
    const sealed = await sealTitle(key, ASSET_ID, title);
    const utf8 = new TextEncoder().encode(title.trim());
    expect(sealed.length).toBe(IV_BYTES + utf8.length + TAG_BYTES);
    expect(await openTitle(key, ASSET_ID, sealed)).toBe(title.trim());
    const again = await sealTitle(key, ASSET_ID, title);
    expect(again.subarray(0, IV_BYTES)).not.toEqual(sealed.subarray(0, IV_BYTES));
    expect(new TextDecoder().decode(sealed)).not.toContain("Main Street");
  });

  it("opens only as the title of its own asset, with its own key, unchanged", async () => {
    const key = await newContentKey();
    const sealed = await sealTitle(key, ASSET_ID, "Coinbase — 2 BTC");
    await expect(openTitle(key, OTHER_ID, sealed)).rejects.toThrow(DecryptError);
    await expect(openTitle(await newContentKey(), ASSET_ID, sealed)).rejects.toThrow(DecryptError);
    const changed = new Uint8Array(sealed);
    changed[IV_BYTES] = (changed[IV_BYTES] ?? 0) ^ 1;
    await expect(openTitle(key, ASSET_ID, changed)).rejects.toThrow(DecryptError);
  });

  it("a title cannot be opened as content, nor content as a title", async () => {
    const dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
    const content = { username: "u", password: "pw", website: "", notes: "" };
    const sealed = await sealNewAsset<"password">(dataKey, content);
    const title = await sealTitle(sealed.contentKey, sealed.id, "Bank");
    await expect(openTitle(sealed.contentKey, sealed.id, sealed.encryptedData)).rejects.toThrow(
      DecryptError,
    );
    await expect(openAsset(dataKey, { ...sealed, encryptedData: title })).rejects.toThrow(
      DecryptError,
    );
  });
});
