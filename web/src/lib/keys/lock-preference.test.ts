import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "@/testing/fake-vault-api";
import { readLockAfter, writeLockAfter } from "./lock-preference";

let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal("localStorage", storage);
});
afterEach(() => vi.unstubAllGlobals());

describe("the lock choice (decision 046)", () => {
  it("is 15 minutes until chosen, then what was chosen, per user of this browser", () => {
    expect(readLockAfter("u1")).toBe(15);
    writeLockAfter("u1", 1);
    writeLockAfter("u2", null);
    expect(readLockAfter("u1")).toBe(1);
    expect(readLockAfter("u2")).toBeNull(); // only when the tab closes
    expect(readLockAfter("u3")).toBe(15);
    expect(storage.getItem("lv.lock-after.u2")).toBe("tab");
  });

  it("reads anything else stored there as the default, never as 'never'", () => {
    for (const junk of ["0", "2", "-1", "Infinity", "null", ""]) {
      storage.setItem("lv.lock-after.u1", junk);
      expect(readLockAfter("u1")).toBe(15);
    }
  });

  it("falls back to the default when storage is off", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("denied");
      },
    });
    expect(readLockAfter("u1")).toBe(15);
  });
});
