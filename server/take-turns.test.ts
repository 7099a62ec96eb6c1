import { describe, expect, it } from "vitest";
import { takeTurns } from "./take-turns.js";
import { gate, settle } from "../test/gate.js";

describe("takeTurns", () => {
  it("runs at most `limit` tasks at once; the others start in the order they came", async () => {
    const inTurn = takeTurns(2);
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const done = gates.map((g, i) =>
      inTurn(async () => {
        started.push(i);
        await g.opened;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]?.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.open();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();
    await Promise.all(done);
  });

  it("a task that fails gives its turn on", async () => {
    const inTurn = takeTurns(1);
    const failed = inTurn(() => Promise.reject(new Error("wrong password")));
    await expect(failed).rejects.toThrow("wrong password");
    await expect(inTurn(async () => "next")).resolves.toBe("next");
  });
});
