import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { useOncePerSignIn } from "./use-once-per-sign-in";

/**
 * The move-overs (decisions 038 and 080) fetch the owner's whole item list: they wait for the
 * browser's first idle moment, so that they never compete with a screen's first load (decision 106).
 */
describe("useOncePerSignIn", () => {
  it("runs its move-over only once the browser is idle, and once", async () => {
    let whenIdle: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => {
      whenIdle = callback;
      return 1;
    });
    vi.stubGlobal("cancelIdleCallback", () => {});
    const moveOver = vi.fn(async () => "moved");
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => useOncePerSignIn({ queryKey: "test-move-over", isSignedIn: true, moveOver, none: "" }),
      { wrapper },
    );
    await act(async () => {});
    expect(moveOver).not.toHaveBeenCalled(); // the page's first load goes first
    act(() => whenIdle?.());
    await waitFor(() => expect(result.current.data).toBe("moved"));
    expect(moveOver).toHaveBeenCalledTimes(1);
  });
});
