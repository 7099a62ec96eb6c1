import {
  REPORT_MSG,
  type EscalationAnswer,
  type FirmReportView,
} from "../../common/verifier-reports.js";
import type { ActorProfile } from "../access.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { hit } from "../rate-limit/limiter.js";
import { PER_VERIFIER_LIMITS } from "../rate-limit/rules.js";
import { answerOpenEscalation } from "../release/escalation.js";
import { loadActor, sessionEmail } from "./public.js";
import { getFirmReport, loadFirmActor } from "./service.js";

/**
 * A verifier answers the request to reach the owner (decision 085) from the page they already use
 * for reports: a person with their session, the firm by one of its admins on the client's page.
 * Anyone else (another plan's verifier, a removed one, another firm) is NOT_FOUND, as for reports.
 */

type Answer = { escalationId: string; answer: EscalationAnswer; ip: string };

async function limit(deps: Deps, keys: string[]) {
  for (const key of keys) {
    const wait = await hit(deps.db, { key, limit: PER_VERIFIER_LIMITS.reportAction });
    if (wait > 0) throw new AppError("RATE_LIMITED");
  }
}

/** POST /api/verifier/report/escalation. */
export async function answerByPerson(
  deps: Deps,
  input: Answer & { session: string; verifierId: string },
): Promise<{ message: string }> {
  const email = await asSystem(deps.db, (tx) => sessionEmail(tx, deps, input.session));
  await limit(deps, [`verifier-report-by:${email}`, `verifier-escalation:${input.escalationId}`]);
  await asSystem(deps.db, async (tx) => {
    const found = await loadActor(tx, deps, input);
    await answerOpenEscalation(tx, deps, {
      ownerId: found.ownerId,
      escalationId: input.escalationId,
      by: { verifier: found.verifier, userId: null, ip: input.ip },
      answer: input.answer,
      now: deps.clock.now(),
    });
  });
  deps.wakeMailer();
  return { message: input.answer === "reached" ? REPORT_MSG.reached : REPORT_MSG.unreachable };
}

/** POST /api/clients/:id/escalation: an admin answers for the firm. */
export async function answerForFirm(
  deps: Deps,
  actor: ActorProfile,
  a: Answer & { clientId: string },
): Promise<FirmReportView> {
  await asSystem(deps.db, async (tx) => {
    const found = await loadFirmActor(tx, actor, a.clientId);
    if (!found.verifier) throw new AppError("NOT_FOUND");
    await answerOpenEscalation(tx, deps, {
      ownerId: found.client.id,
      escalationId: a.escalationId,
      by: { verifier: found.verifier, userId: actor.id, ip: a.ip },
      answer: a.answer,
      now: deps.clock.now(),
    });
  });
  deps.wakeMailer();
  return getFirmReport(deps, actor, a.clientId);
}
