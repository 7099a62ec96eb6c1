import type { LiveKind } from "@common/live";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLiveBatch } from "./live-batch";

describe("live changes gathered into refreshes", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const start = () => {
    const refreshes: LiveKind[][] = [];
    const batch = createLiveBatch((kinds) => refreshes.push([...kinds].sort()), 1000);
    return { refreshes, batch };
  };

  it("refreshes at once for a single change", () => {
    const { refreshes, batch } = start();
    batch.add("assets");
    expect(refreshes).toEqual([["assets"]]);
    vi.advanceTimersByTime(5000);
    expect(refreshes).toEqual([["assets"]]);
  });

  it("gathers a burst (an import) into one refresh per interval, kinds merged", () => {
    const { refreshes, batch } = start();
    batch.add("assets");
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(30);
      batch.add(i % 10 === 0 ? "beneficiaries" : "assets");
    }
    // 1.5 s of events: the first at once, then one at the end of the first interval.
    expect(refreshes).toEqual([["assets"], ["assets", "beneficiaries"]]);
    vi.advanceTimersByTime(1000);
    expect(refreshes).toEqual([
      ["assets"],
      ["assets", "beneficiaries"],
      ["assets", "beneficiaries"],
    ]);
    vi.advanceTimersByTime(5000);
    expect(refreshes).toHaveLength(3);
  });

  it("refreshes at once again after a quiet interval, and nothing after stop", () => {
    const { refreshes, batch } = start();
    batch.add("assets");
    vi.advanceTimersByTime(1000);
    batch.add("beneficiaries");
    expect(refreshes).toEqual([["assets"], ["beneficiaries"]]);
    batch.add("assets");
    batch.stop();
    vi.advanceTimersByTime(5000);
    expect(refreshes).toHaveLength(2);
  });
});
