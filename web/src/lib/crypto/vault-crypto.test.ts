import { describe, expect, it } from "vitest";
import {
  decryptBytes,
  decryptJson,
  DecryptError,
  encryptBytes,
  encryptJson,
  fromBase64,
  importDataKey,
  newContentKey,
  toBase64,
  unwrapContentKey,
  wrapContentKey,
} from "./vault-crypto";

/** The browser vault crypto (docs/decisions/009), run on Node's WebCrypto (globalThis.crypto). */

const IV_BYTES = 12;
const TAG_BYTES = 16;
const newDataKey = () => importDataKey(crypto.getRandomValues(new Uint8Array(32)));
const ASSET_ID = "3f0c8a52-5d0b-4a8e-9a0f-6c1f1d2b7e11";
const OTHER_ID = "b7a1e9d4-2c3f-4e5a-8b6c-7d8e9f0a1b2c";

describe("content encryption", () => {
  it("round-trips bytes, with the IV in front and the tag at the end", async () => {
    const key = await newContentKey();
    const plaintext = crypto.getRandomValues(new Uint8Array(1000));
    const blob = await encryptBytes(key, plaintext);
    expect(blob.length).toBe(IV_BYTES + plaintext.length + TAG_BYTES);
    expect(await decryptBytes(key, blob)).toEqual(plaintext);
  });

  it("round-trips JSON, including text outside ASCII", async () => {
    const key = await newContentKey();
    const value = {
      username: "ada",
      password: "pässwörd 🔑",
      website: "https://example.com",
      notes: "line 1\nline 2",
    };
    expect(await decryptJson(key, await encryptJson(key, value))).toEqual(value);
  });

  it("uses a fresh IV for every encryption: the same text encrypts differently each time", async () => {
    const key = await newContentKey();
    const [a, b] = await Promise.all([
      encryptJson(key, { password: "same" }),
      encryptJson(key, { password: "same" }),
    ]);
    expect(toBase64(a.subarray(0, IV_BYTES))).not.toBe(toBase64(b.subarray(0, IV_BYTES)));
    expect(toBase64(a)).not.toBe(toBase64(b));
  });

  it("does not contain the plaintext", async () => {
    const key = await newContentKey();
    const marker = "plaintext-marker-1234567890";
    const blob = await encryptJson(key, { password: marker });
    expect(new TextDecoder().decode(blob)).not.toContain(marker);
    expect(atob(toBase64(blob))).not.toContain(marker);
  });

  it("fails with DecryptError, never partial data, when one ciphertext bit is flipped", async () => {
    const key = await newContentKey();
    const blob = await encryptJson(key, { password: "secret" });
    for (const at of [0, IV_BYTES, blob.length - 1]) {
      const tampered = blob.slice();
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      await expect(decryptJson(key, tampered)).rejects.toBeInstanceOf(DecryptError);
    }
  });

  it("fails with DecryptError under another key", async () => {
    const blob = await encryptBytes(await newContentKey(), new Uint8Array([1, 2, 3]));
    await expect(decryptBytes(await newContentKey(), blob)).rejects.toBeInstanceOf(DecryptError);
  });
});

describe("content keys wrapped by the data key", () => {
  it("unwraps with the asset id it was wrapped for, and the unwrapped key decrypts the content", async () => {
    const dataKey = await newDataKey();
    const contentKey = await newContentKey();
    const blob = await encryptJson(contentKey, { password: "secret" });
    const wrapped = await wrapContentKey(contentKey, dataKey, ASSET_ID);
    expect(wrapped.length).toBe(IV_BYTES + 32 + TAG_BYTES);
    const unwrapped = await unwrapContentKey(wrapped, dataKey, ASSET_ID);
    expect(unwrapped.extractable).toBe(false);
    expect(await decryptJson(unwrapped, blob)).toEqual({ password: "secret" });
  });

  it("unwraps an extractable key only when asked (the owner's re-wrap for a beneficiary key)", async () => {
    const dataKey = await newDataKey();
    const contentKey = await newContentKey();
    const wrapped = await wrapContentKey(contentKey, dataKey, ASSET_ID);
    const owners = await unwrapContentKey(wrapped, dataKey, ASSET_ID, true);
    expect(owners.extractable).toBe(true);
    const again = await unwrapContentKey(
      await wrapContentKey(owners, dataKey, ASSET_ID),
      dataKey,
      ASSET_ID,
    );
    const blob = await encryptJson(contentKey, { note: "same key" });
    expect(await decryptJson(again, blob)).toEqual({ note: "same key" });
  });

  it("fails with DecryptError for another asset id (the id is the additional data)", async () => {
    const dataKey = await newDataKey();
    const wrapped = await wrapContentKey(await newContentKey(), dataKey, ASSET_ID);
    await expect(unwrapContentKey(wrapped, dataKey, OTHER_ID)).rejects.toBeInstanceOf(DecryptError);
  });

  it("fails with DecryptError under another data key or with a flipped bit", async () => {
    const dataKey = await newDataKey();
    const wrapped = await wrapContentKey(await newContentKey(), dataKey, ASSET_ID);
    await expect(unwrapContentKey(wrapped, await newDataKey(), ASSET_ID)).rejects.toBeInstanceOf(
      DecryptError,
    );
    const tampered = wrapped.slice();
    tampered[IV_BYTES + 3] = (tampered[IV_BYTES + 3] ?? 0) ^ 0x80;
    await expect(unwrapContentKey(tampered, dataKey, ASSET_ID)).rejects.toBeInstanceOf(
      DecryptError,
    );
  });

  it("wraps the same key differently each time (fresh IV)", async () => {
    const dataKey = await newDataKey();
    const contentKey = await newContentKey();
    const [a, b] = await Promise.all([
      wrapContentKey(contentKey, dataKey, ASSET_ID),
      wrapContentKey(contentKey, dataKey, ASSET_ID),
    ]);
    expect(toBase64(a)).not.toBe(toBase64(b));
  });

  it("the data key can only wrap and unwrap, not encrypt content", async () => {
    const dataKey = await newDataKey();
    expect(dataKey.extractable).toBe(false);
    expect([...dataKey.usages].sort()).toEqual(["unwrapKey", "wrapKey"]);
    await expect(encryptBytes(dataKey, new Uint8Array([1]))).rejects.toThrow();
  });
});

describe("base64", () => {
  it("round-trips every byte value and large buffers", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(fromBase64(toBase64(all))).toEqual(all);
    const big = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256); // more than two of toBase64's 32 KB chunks
    expect(fromBase64(toBase64(big))).toEqual(big);
    expect(toBase64(new Uint8Array([104, 105]))).toBe(btoa("hi"));
  });
});

describe("content keys unwrapped once per data key", () => {
  it("gives the same key for the same wrapped bytes, and never one unwrapped with another data key", async () => {
    const dataKey = await newDataKey();
    const wrapped = await wrapContentKey(await newContentKey(), dataKey, "asset-1");
    const first = await unwrapContentKey(wrapped, dataKey, "asset-1");
    expect(await unwrapContentKey(wrapped, dataKey, "asset-1")).toBe(first);
    // another asset id, or a data key that does not fit: unwrapped (and refused), not remembered
    await expect(unwrapContentKey(wrapped, dataKey, "asset-2")).rejects.toThrow(DecryptError);
    await expect(unwrapContentKey(wrapped, await newDataKey(), "asset-1")).rejects.toThrow(
      DecryptError,
    );
    // an extractable copy is always a new key (the owner's browser exports it to rewrap it)
    const extractable = await unwrapContentKey(wrapped, dataKey, "asset-1", true);
    expect(extractable).not.toBe(first);
    expect(extractable.extractable).toBe(true);
  });
});
