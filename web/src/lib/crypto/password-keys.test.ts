import { describe, expect, it } from "vitest";
import {
  derivePasswordKeys,
  formatRecoveryKey,
  importWrappingKey,
  newDataKey,
  newKdf,
  newRecoveryKey,
  parseRecoveryKey,
  recoveryWrappingKey,
  unwrapDataKey,
  wrapDataKey,
} from "./password-keys";
import { DecryptError, newContentKey, unwrapContentKey, wrapContentKey } from "./vault-crypto";

/** Owner-held data keys (docs/decisions/038) on Node's WebCrypto. A low cost keeps the test fast. */
const kdf = { salt: new Uint8Array(16).fill(7), iterations: 1000 };
const ASSET_ID = "0d5b7f2e-9c1a-4b3d-8e6f-1a2b3c4d5e6f";

describe("password keys", () => {
  it("derive the same sign-in secret from the same password and salt, another from anything else", async () => {
    const a = await derivePasswordKeys("Tangerine-Harbour-42", kdf);
    const b = await derivePasswordKeys("Tangerine-Harbour-42", kdf);
    expect(a.signInSecret).toBe(b.signInSecret);
    expect(a.signInSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.signInSecret).not.toContain("Tangerine");
    const other = await derivePasswordKeys("Tangerine-Harbour-43", kdf);
    expect(other.signInSecret).not.toBe(a.signInSecret);
    const salted = await derivePasswordKeys("Tangerine-Harbour-42", {
      ...kdf,
      salt: new Uint8Array(16),
    });
    expect(salted.signInSecret).not.toBe(a.signInSecret);
    expect(newKdf(600_000).salt).toHaveLength(16);
  });

  it("open the data key with the right password only, and only in the context it was wrapped for", async () => {
    const dk = await newDataKey();
    const ck = await newContentKey();
    const wrappedCk = await wrapContentKey(ck, dk, ASSET_ID);
    const { passwordKey } = await derivePasswordKeys("Tangerine-Harbour-42", kdf);
    const blob = await wrapDataKey(dk, passwordKey, "password");
    const opened = await unwrapDataKey(blob, passwordKey, "password");
    await expect(unwrapContentKey(wrappedCk, opened, ASSET_ID)).resolves.toBeDefined();
    const wrong = await derivePasswordKeys("wrong password!", kdf);
    await expect(unwrapDataKey(blob, wrong.passwordKey, "password")).rejects.toThrow(DecryptError);
    await expect(unwrapDataKey(blob, passwordKey, "recovery")).rejects.toThrow(DecryptError);
    const sessionKey = await importWrappingKey(crypto.getRandomValues(new Uint8Array(32)));
    const extractable = await unwrapDataKey(blob, passwordKey, "password", true);
    const inSession = await wrapDataKey(extractable, sessionKey, "session");
    await expect(unwrapDataKey(inSession, sessionKey, "session")).resolves.toBeDefined();
    await expect(wrapDataKey(opened, sessionKey, "session")).rejects.toThrow(); // non-extractable stays so
  });

  it("recovery keys round-trip through their text, typed loosely, and open the data key", async () => {
    const text = newRecoveryKey();
    expect(text).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){7}[0-9A-HJKMNP-TV-Z]{4}$/);
    const bytes = parseRecoveryKey(text)!;
    expect(formatRecoveryKey(bytes)).toBe(text);
    const loose = ` ${text.toLowerCase().replace(/-/g, " ").replace(/1/g, "l").replace(/0/g, "o")} `;
    expect(parseRecoveryKey(loose)).toEqual(bytes);
    expect(parseRecoveryKey(text.slice(1))).toBeNull();
    expect(parseRecoveryKey(text.replace(/.$/, "U"))).toBeNull();
    const dk = await newDataKey();
    const blob = await wrapDataKey(dk, await recoveryWrappingKey(bytes), "recovery");
    await expect(
      unwrapDataKey(blob, await recoveryWrappingKey(bytes), "recovery"),
    ).resolves.toBeDefined();
    const other = parseRecoveryKey(newRecoveryKey())!;
    await expect(unwrapDataKey(blob, await recoveryWrappingKey(other), "recovery")).rejects.toThrow(
      DecryptError,
    );
  });
});
