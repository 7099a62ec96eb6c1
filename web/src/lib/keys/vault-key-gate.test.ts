import { describe, expect, it } from "vitest";
import { vaultKeyGate } from "./vault-key-gate";
import { VaultLockedError } from "./vault-unlock";

/** What a screen that needs the data key shows (decision 075). */
describe("a screen that needs the vault key", () => {
  it("asks to unlock in place of its content on a tab without the key", () => {
    const locked = new VaultLockedError();
    expect(vaultKeyGate({ hasKey: false, error: locked, wasShown: false })).toBe("unlock");
  });

  it("shows its content once the key is there", () => {
    expect(vaultKeyGate({ hasKey: true, error: null, wasShown: false })).toBe("show");
  });

  it("keeps content it showed with the key while a lock keeps it under its dialog", () => {
    expect(vaultKeyGate({ hasKey: false, error: null, wasShown: true })).toBe("show");
    const locked = new VaultLockedError();
    expect(vaultKeyGate({ hasKey: false, error: locked, wasShown: true })).toBe("show");
  });

  it("waits while the key is fetched, and says when it could not be", () => {
    expect(vaultKeyGate({ hasKey: false, error: null, wasShown: false })).toBe("wait");
    expect(vaultKeyGate({ hasKey: false, error: new Error("down"), wasShown: false })).toBe(
      "failed",
    );
  });
});
