import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { selectPlan } from "./queries.js";
import { checkIn } from "./steps.js";

/**
 * Signing in is a check-in (issue 5). Only owners with a plan have anything to record; a failure is
 * logged and never stops the sign-in.
 */
export async function checkInOnSignIn(deps: Deps, userId: string): Promise<void> {
  try {
    // Most people have no plan: one plain read (no transaction, no lock) settles it on the sign-in's
    // hot path; a plan that counts is read again under its lock (docs/decisions/037).
    const unlocked = await selectPlan(deps.db, userId);
    if (unlocked?.inactivityMonths == null) return;
    await asSystem(deps.db, async (tx) => {
      const plan = await selectPlan(tx, userId, { forUpdate: true });
      if (plan?.inactivityMonths != null)
        await checkIn(tx, plan, {
          now: deps.clock.now(),
          actorId: userId,
          via: "sign_in",
          appUrl: deps.env.APP_URL,
        });
    });
    deps.wakeMailer();
  } catch (err) {
    deps.log.warn(
      `check-in of ${userId} on sign-in failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
