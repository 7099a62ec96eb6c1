import { describe, expect, it } from "vitest";
import { mapInSlices } from "./in-slices";

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // a slow item: the CPU stays busy
  }
};

describe("mapInSlices", () => {
  it("maps every item in order", async () => {
    expect(await mapInSlices([1, 2, 3], (n) => n * 2)).toEqual([2, 4, 6]);
    expect(await mapInSlices([], (n: number) => n)).toEqual([]);
  });

  it("lets other tasks run between slices of slow work", async () => {
    const order: string[] = [];
    setTimeout(() => order.push("other task"), 0);
    await mapInSlices(
      [1, 2, 3, 4],
      (n) => {
        busy(3);
        order.push(`item ${n}`);
      },
      5,
    );
    // Two items fill a 5 ms slice; the waiting task runs before the third.
    expect(order.indexOf("other task")).toBeGreaterThan(0);
    expect(order.indexOf("other task")).toBeLessThan(order.indexOf("item 4"));
  });

  it("does not wait when the work is quick", async () => {
    const order: string[] = [];
    setTimeout(() => order.push("other task"), 0);
    await mapInSlices([1, 2, 3], (n) => order.push(`item ${n}`), 1_000);
    expect(order).toEqual(["item 1", "item 2", "item 3"]);
  });
});
