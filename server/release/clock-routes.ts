import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/context.js";
import { parseJson } from "../http/validate.js";
import type { OffsetClock } from "../clock.js";
import { eraseDueAccounts } from "../account-deletion/erase.js";
import { runDueTimersSettled } from "./timers.js";

/**
 * TEST_CLOCK=1 only (refused in production): browser journeys move the release clock forward and
 * run the timers and account erasures that became due, as the minute scheduler would. Mounted under /dev behind devOnly
 * (server/http/security.ts): from this machine only, not relayed, same origin, JSON.
 */
export function clockRoutes(clock: OffsetClock) {
  return new Hono<AppEnv>().post("/clock", async (c) => {
    const { advanceMs } = await parseJson(
      c,
      z.strictObject({
        advanceMs: z
          .number()
          .int()
          .min(0)
          .max(5 * 365 * 24 * 3_600_000),
      }),
    );
    clock.advance(advanceMs);
    const ran = await runDueTimersSettled(c.var.deps);
    const erased = await eraseDueAccounts(c.var.deps);
    return c.json({ now: clock.now().toISOString(), ran, erased });
  });
}
