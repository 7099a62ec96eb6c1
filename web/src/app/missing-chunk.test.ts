import { describe, expect, it } from "vitest";
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  decideOnMissingChunk,
  isMissingChunkError,
  reloadOnceForMissingChunk,
} from "./missing-chunk";

function memoryStore(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("a screen's chunk missing after a deploy", () => {
  const now = 1_800_000_000_000;

  it("reloads once, then shows the error instead of reloading again", () => {
    const store = memoryStore();
    let reloads = 0;
    expect(reloadOnceForMissingChunk(store, () => reloads++, now)).toBe("reloading");
    expect(reloads).toBe(1);
    expect(store.items.get(CHUNK_RELOAD_KEY)).toBe(String(now));
    // The reloaded page misses the chunk too.
    expect(reloadOnceForMissingChunk(store, () => reloads++, now + 2_000)).toBe("show-error");
    expect(reloadOnceForMissingChunk(store, () => reloads++, now + 60_000)).toBe("show-error");
    expect(reloads).toBe(1);
  });

  it("reloads again for a later deploy, once the last reload is older than the window", () => {
    expect(decideOnMissingChunk(String(now), now + CHUNK_RELOAD_WINDOW_MS - 1)).toBe("show-error");
    expect(decideOnMissingChunk(String(now), now + CHUNK_RELOAD_WINDOW_MS)).toBe("reload");
    expect(decideOnMissingChunk(null, now)).toBe("reload");
  });

  it("treats an unreadable or future timestamp as no reload tried (a clock set back cannot block it)", () => {
    expect(decideOnMissingChunk("garbage", now)).toBe("reload");
    expect(decideOnMissingChunk(String(now + 10_000), now)).toBe("reload");
  });

  it("storage that refuses counts as tried: the error, never a loop", () => {
    let reloads = 0;
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(reloadOnceForMissingChunk(refusing, () => reloads++, now)).toBe("show-error");
    expect(reloads).toBe(0);
  });

  it("recognises the browsers' and Vite's missing-chunk errors, and nothing else", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://vault.example/assets/notes-Ab12.js",
      "error loading dynamically imported module: https://vault.example/assets/notes-Ab12.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/notes-Ab12.css",
    ])
      expect(isMissingChunkError(new TypeError(message))).toBe(true);
    expect(isMissingChunkError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isMissingChunkError("Failed to fetch dynamically imported module: x")).toBe(true);
  });
});
