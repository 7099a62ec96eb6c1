import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createDataKeyWrapper } from "./data-key.js";
import { deriveKey } from "./master-key.js";

const master = randomBytes(32);
const keys = createDataKeyWrapper(master);

describe("data key wrapping (AES-256-GCM under a key derived from the master key)", () => {
  it("unwraps what it wrapped, for the same user: 12-byte IV ‖ 32-byte ciphertext ‖ 16-byte tag", () => {
    const dataKey = randomBytes(32);
    const wrapped = keys.wrap("user-a", dataKey);
    expect(wrapped.length).toBe(12 + 32 + 16);
    expect(wrapped.includes(dataKey)).toBe(false);
    expect(keys.unwrap("user-a", wrapped).equals(dataKey)).toBe(true);
  });

  it("uses a fresh IV every time", () => {
    const dataKey = randomBytes(32);
    expect(keys.wrap("user-a", dataKey).equals(keys.wrap("user-a", dataKey))).toBe(false);
  });

  it("refuses a key moved to another user's row (the user id is the additional data)", () => {
    const wrapped = keys.create("user-a");
    expect(() => keys.unwrap("user-b", wrapped)).toThrow();
  });

  it("refuses a tampered IV, ciphertext or tag, and a truncated blob", () => {
    const wrapped = keys.create("user-a");
    for (const at of [0, 20, wrapped.length - 1]) {
      const bad = Buffer.from(wrapped);
      bad[at] = (bad[at] ?? 0) ^ 1;
      expect(() => keys.unwrap("user-a", bad)).toThrow();
    }
    expect(() => keys.unwrap("user-a", wrapped.subarray(0, 20))).toThrow();
  });

  it("refuses a key wrapped under another master key", () => {
    const other = createDataKeyWrapper(randomBytes(32));
    expect(() => keys.unwrap("user-a", other.create("user-a"))).toThrow();
  });

  it("does not show the master key or the key-encryption key when logged or serialised", () => {
    const kek = deriveKey(master, "user-data-key-wrap");
    const shown = `${JSON.stringify(keys)} ${inspect(keys, { depth: 5, showHidden: true })}`;
    for (const secret of [master, kek]) {
      expect(shown).not.toContain(secret.toString("hex"));
      expect(shown).not.toContain(secret.toString("base64"));
    }
  });
});
