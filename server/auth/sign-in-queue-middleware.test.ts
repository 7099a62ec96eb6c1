import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../http/context.js";
import { signInQueue } from "./sign-in-queue-middleware.js";
import { gate, settle } from "../../test/gate.js";

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
