import { ACCESS_DAYS } from "../../common/release.js";
import { DELIVERY_SWEEP_BATCH } from "../../common/deliveries.js";
import { recordAudit } from "../audit/record.js";
import { addDays } from "../clock.js";
import { asSystem } from "../db/actor.js";
import { beneficiaryNames } from "../beneficiaries/service.js";
import type { Deps } from "../deps.js";
import { enqueueMail } from "../mail/outbox.js";
import { appendEvidence } from "../release-evidence/service.js";
import { fallbackActivatedMail } from "./emails.js";
import {
  activateNextFallback,
  claimPassedOver,
  selectOwnerNames,
  selectPassedOverEmails,
} from "./queries.js";

/**
 * One batch: items whose last person has not claimed them within the owner's claim time (decision
 * 096), or whose last people were all reported dead (decision 105), go to their next fallback, in
 * the same transaction as its e-mail, its evidence entry (`fallback_activated`: the item, the
 * position, why, who was passed over) and its audit row. SKIP LOCKED and the release's primary key
 * make two sweeps at once activate each fallback once.
 */
async function activateBatch(deps: Deps, now: Date, limit: number, releaseId: string | null) {
  return asSystem(deps.db, async (tx) => {
    const due = await claimPassedOver(tx, now, limit, releaseId);
    let n = 0;
    for (const item of due) {
      const passedOver = await selectPassedOverEmails(tx, item);
      const next = await activateNextFallback(tx, {
        ...item,
        now,
        accessEndsAt: addDays(now, ACCESS_DAYS),
      });
      if (!next) continue;
      n += 1;
      const [owner] = await selectOwnerNames(tx, [item.ownerId]);
      const name = (await beneficiaryNames(tx, item.ownerId, [next.email])).get(next.email) ?? null;
      await enqueueMail(
        tx,
        fallbackActivatedMail(deps.env.APP_URL, {
          to: next.email,
          name,
          ownerName: owner?.name ?? "Someone",
        }),
      );
      const details = {
        assetId: item.assetId,
        position: next.position,
        reason: item.reportedDead ? "reported_dead" : "not_claimed",
        passedOver,
      };
      await appendEvidence(tx, {
        ownerId: item.ownerId,
        releaseId: item.releaseId,
        kind: "fallback_activated",
        at: now,
        actor: { type: "system", via: "claim_time_passed" },
        data: details,
        beneficiaryEmail: next.email,
      });
      await recordAudit(tx, {
        actorId: null,
        action: "release.fallback_activated",
        subjectType: "release",
        subjectId: item.ownerId,
        ownerId: item.ownerId,
        at: now,
        details: { ...details, beneficiary: next.email },
      });
    }
    return { claimed: due.length, activated: n };
  });
}

/**
 * The fallback sweep (with the delivery sweep, every minute; and at once for one release after a
 * death is reported, `releaseId`): returns how many it activated.
 */
export async function activateDueFallbacks(
  deps: Deps,
  options: { batch?: number; releaseId?: string } = {},
): Promise<number> {
  const now = deps.clock.now();
  const batch = options.batch ?? DELIVERY_SWEEP_BATCH;
  let total = 0;
  for (;;) {
    const { claimed, activated } = await activateBatch(deps, now, batch, options.releaseId ?? null);
    total += activated;
    if (claimed < batch) break;
  }
  if (total) deps.wakeMailer();
  return total;
}
