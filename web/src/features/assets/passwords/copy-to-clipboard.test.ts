import { CLIPBOARD_CLEAR_MS, PASSWORD_MSG } from "@common/assets/passwords";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { copyAndClearLater } from "./copy-to-clipboard";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** A clipboard in memory, a page whose focus and read permission the test sets. */
function fakeBrowser({ canRead = true } = {}) {
  const state = { clipboard: "", isFocused: true };
  const focusListeners = new Set<() => void>();
  vi.stubGlobal("navigator", {
    clipboard: {
      writeText: vi.fn((t: string) => {
        if (!state.isFocused) return Promise.reject(new Error("Document is not focused"));
        state.clipboard = t;
        return Promise.resolve();
      }),
      readText: vi.fn(() => Promise.resolve(state.clipboard)),
    },
    permissions: {
      query: vi.fn(() => Promise.resolve({ state: canRead ? "granted" : "prompt" })),
    },
  });
  vi.stubGlobal("document", { hasFocus: () => state.isFocused });
  vi.stubGlobal("window", {
    addEventListener: (_: string, l: () => void) => focusListeners.add(l),
    removeEventListener: (_: string, l: () => void) => focusListeners.delete(l),
  });
  const focus = () => {
    state.isFocused = true;
    [...focusListeners].forEach((l) => {
      focusListeners.delete(l);
      l();
    });
  };
  return { state, focus };
}

describe("copyAndClearLater", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("copies, says so, and clears the clipboard after 30 seconds", async () => {
    const { state } = fakeBrowser();
    expect(await copyAndClearLater("s3cret")).toBe(true);
    expect(state.clipboard).toBe("s3cret");
    expect(toast.success).toHaveBeenCalledWith(PASSWORD_MSG.copiedWillClear, expect.anything());
    expect(PASSWORD_MSG.copiedWillClear).toBe(
      "Copied. The clipboard will be cleared in 30 seconds.",
    );

    await vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS - 1);
    expect(state.clipboard).toBe("s3cret");
    await vi.advanceTimersByTimeAsync(1);
    expect(state.clipboard).toBe("");
  });

  it("leaves the clipboard alone when it holds something else by then", async () => {
    const { state } = fakeBrowser();
    await copyAndClearLater("s3cret");
    state.clipboard = "the user's own text";
    await vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS);
    expect(state.clipboard).toBe("the user's own text");
  });

  it("a newer copy replaces the pending clear: its own 30 seconds count", async () => {
    const { state } = fakeBrowser();
    await copyAndClearLater("first");
    await vi.advanceTimersByTimeAsync(20_000);
    await copyAndClearLater("second");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.clipboard).toBe("second");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(state.clipboard).toBe("");
  });

  it("waits for the page's focus to clear it (browsers let only a focused page write)", async () => {
    const { state, focus } = fakeBrowser();
    await copyAndClearLater("s3cret");
    state.isFocused = false;
    await vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS * 2);
    expect(state.clipboard).toBe("s3cret");
    focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.clipboard).toBe("");
  });

  it("where reading would ask the user, clears without reading, as the toast promised", async () => {
    const { state } = fakeBrowser({ canRead: false });
    await copyAndClearLater("s3cret");
    await vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS);
    expect(navigator.clipboard.readText).not.toHaveBeenCalled();
    expect(state.clipboard).toBe("");
  });

  it("a refused copy says so and schedules nothing", async () => {
    const { state } = fakeBrowser();
    state.isFocused = false;
    expect(await copyAndClearLater("s3cret")).toBe(false);
    expect(toast.error).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
