import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../http/context.js";
import { signInQueue, takeTurns } from "./sign-in-queue-middleware.js";

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

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

describe("signInQueue", () => {
  it("holds password sign-ins past the limit while other requests are answered", async () => {
    const held = gate();
    let inProgress = 0;
    let most = 0;
    const app = new Hono<AppEnv>()
      .use("*", signInQueue(1))
      .post("/api/auth/sign-in/email", async (c) => {
        most = Math.max(most, ++inProgress);
        await held.opened;
        inProgress--;
        return c.text("signed in");
      })
      .get("/api/health", (c) => c.text("ok"));
    const signIns = [1, 2, 3].map(() => app.request("/api/auth/sign-in/email", { method: "POST" }));
    await settle();
    expect(inProgress).toBe(1);
    expect(await (await app.request("/api/health")).text()).toBe("ok");
    held.open();
    const answers = await Promise.all(signIns);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(most).toBe(1);
  });
});
