import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness.js";
import { countHit, giveBack, hit } from "./limiter.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const limit = { max: 2, windowSeconds: 60 };
const t0 = Date.now();
const newKey = () => `test:${randomUUID()}`;

describe("rate limiter", () => {
  it("allows max hits per window, then answers the seconds left in the window", async () => {
    const key = newKey();
    const { db } = ctx.services.deps;
    expect(await hit(db, { key, limit, now: t0 })).toBe(0);
    expect(await hit(db, { key, limit, now: t0 + 1_000 })).toBe(0);
    expect(await hit(db, { key, limit, now: t0 + 20_000 })).toBe(40);
    expect(await hit(db, { key, limit, now: t0 + 59_500 })).toBe(1);
  });

  it("starts counting again once the window that began with the first hit is over", async () => {
    const key = newKey();
    const { db } = ctx.services.deps;
    for (let i = 0; i < 3; i++) await hit(db, { key, limit, now: t0 + 30_000 });
    expect(await hit(db, { key, limit, now: t0 + 89_999 })).toBeGreaterThan(0);
    expect(await hit(db, { key, limit, now: t0 + 90_000 })).toBe(0);
    expect(await hit(db, { key, limit, now: t0 + 90_001 })).toBe(0);
    expect(await hit(db, { key, limit, now: t0 + 90_002 })).toBe(60);
  });

  it("a burst across a minute boundary on the clock is still one window", async () => {
    const key = newKey();
    const { db } = ctx.services.deps;
    const boundary = Math.ceil(t0 / 60_000) * 60_000;
    expect(await hit(db, { key, limit, now: boundary - 100 })).toBe(0);
    expect(await hit(db, { key, limit, now: boundary - 50 })).toBe(0);
    expect(await hit(db, { key, limit, now: boundary + 50 })).toBeGreaterThan(0);
  });

  it("keeps keys apart", async () => {
    const a = newKey();
    const b = newKey();
    const { db } = ctx.services.deps;
    for (let i = 0; i < 3; i++) await hit(db, { key: a, limit, now: t0 });
    expect(await hit(db, { key: a, limit, now: t0 })).toBeGreaterThan(0);
    expect(await hit(db, { key: b, limit, now: t0 })).toBe(0);
  });

  it("counts concurrent hits exactly", async () => {
    const key = newKey();
    const { db } = ctx.services.deps;
    const waits = await Promise.all(
      Array.from({ length: 10 }, () =>
        hit(db, { key, limit: { max: 5, windowSeconds: 60 }, now: t0 }),
      ),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });

  it("gives a hit back in the window it was counted in, never in a newer one", async () => {
    const key = newKey();
    const { db } = ctx.services.deps;
    const old = await countHit(db, { key, limit, now: t0 });
    await giveBack(db, [old]);
    expect(await hit(db, { key, limit, now: t0 + 1_000 })).toBe(0);
    const stale = await countHit(db, { key, limit, now: t0 + 2_000 });
    // The window is over; two hits in the new one, then the stale give-back: both still count.
    await hit(db, { key, limit, now: t0 + 61_000 });
    await hit(db, { key, limit, now: t0 + 62_000 });
    await giveBack(db, [stale]);
    expect(await hit(db, { key, limit, now: t0 + 63_000 })).toBeGreaterThan(0);
  });
});
