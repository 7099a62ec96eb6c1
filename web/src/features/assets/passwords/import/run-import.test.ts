import { describe, expect, it } from "vitest";
import { runImport } from "./run-import";

/** Yields to the next task: work that takes turns, with no clock involved. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("runImport", () => {
  it("saves the first alone, then at most `atOnce` at a time, results in the items' order", async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const progress: number[] = [];
    const results = await runImport(
      [1, 2, 3, 4, 5, 6, 7],
      async (n) => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        if (n === 1) expect(running).toBe(1);
        for (let turn = n; turn < 8; turn++) await tick(); // later ones end first
        running -= 1;
        return n * 10;
      },
      { atOnce: 3, onDone: (done) => progress.push(done) },
    );
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(started[0]).toBe(1);
    expect(most).toBe(3);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("goes on after a failed item and reports it in its place", async () => {
    const results = await runImport(
      ["a", "b", "c"],
      async (s) => {
        await tick();
        return s === "b" ? { s, error: "Failed to save password" } : { s, error: null };
      },
      { atOnce: 2, onDone: () => {} },
    );
    expect(results).toEqual([
      { s: "a", error: null },
      { s: "b", error: "Failed to save password" },
      { s: "c", error: null },
    ]);
  });

  it("does nothing for no items", async () => {
    expect(await runImport([], () => Promise.resolve(1), { atOnce: 4, onDone: () => {} })).toEqual(
      [],
    );
  });
});
