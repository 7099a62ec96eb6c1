import { RELEASE_MSG, type ReleasePauseInput, type ReleasePlanView } from "../../common/release.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { asSystemThenMail } from "../mail/as-system-then-mail.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { appendEvidence } from "../release-evidence/service.js";
import { auditRelease } from "./audit.js";
import { updatePlanPause } from "./escalation-queries.js";
import { selectOpenRelease, selectPlan } from "./queries.js";
import { pauseEndsAt } from "./schedule.js";
import { getPlanView } from "./service.js";
import { checkIn } from "./steps.js";

/**
 * "I'm away until …" (decision 085): the owner, signed in, pauses the countdown up to the longest
 * pause their plan allows. Setting or ending a pause is a check-in; the countdown starts again
 * from the pause's end, so no reminder, escalation or wait comes while they are away.
 */
export async function setPause(
  deps: Deps,
  actor: ActorProfile,
  input: ReleasePauseInput | null,
): Promise<ReleasePlanView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const now = deps.clock.now();
  await asSystemThenMail(deps, async (tx) => {
    const plan = await selectPlan(tx, actor.id, { forUpdate: true });
    if (plan?.inactivityMonths == null) throw new AppError("CONFLICT", RELEASE_MSG.pauseNeedsPlan);
    if ((await selectOpenRelease(tx, actor.id))?.status === "waiting")
      throw new AppError("CONFLICT", RELEASE_MSG.pauseDuringWait);
    let pausedUntil: Date | null = null;
    if (input) {
      const out = pauseEndsAt(input.until, { now, maxPauseDays: plan.maxPauseDays });
      if ("refused" in out) {
        const message =
          out.refused === "in_past"
            ? RELEASE_MSG.pauseInPast
            : RELEASE_MSG.pauseTooLong(plan.maxPauseDays);
        throw new AppError("VALIDATION", message, { until: message });
      }
      pausedUntil = out.endsAt;
    } else if (!plan.pausedUntil || plan.pausedUntil <= now)
      throw new AppError("CONFLICT", RELEASE_MSG.notPaused);
    await updatePlanPause(tx, actor.id, pausedUntil);
    await appendEvidence(tx, {
      ownerId: actor.id,
      releaseId: null,
      kind: pausedUntil ? "paused" : "pause_ended",
      at: now,
      actor: { type: "owner", userId: actor.id },
      data: { pausedUntil: pausedUntil?.toISOString() ?? null },
    });
    await auditRelease(tx, {
      ownerId: actor.id,
      action: pausedUntil ? "release.paused" : "release.pause_ended",
      at: now,
      actorId: actor.id,
      details: { pausedUntil: pausedUntil?.toISOString() ?? null },
    });
    await checkIn(
      tx,
      { ...plan, pausedUntil },
      { now, actorId: actor.id, via: "pause", appUrl: deps.env.APP_URL },
    );
  });
  return getPlanView(deps, actor);
}
