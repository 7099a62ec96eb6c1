import type { EscalationView } from "../../common/release.js";
import type { VerifierEscalationView } from "../../common/verifier-reports.js";
import type { Tx } from "../db/client.js";
import { getAcceptedVerifiers } from "../verifiers/roles.js";
import {
  selectEscalationAnswers,
  selectLatestEscalation,
  selectOpenEscalation,
} from "./escalation-queries.js";
import { selectPlan } from "./queries.js";
import { unreachableNeeded } from "./schedule.js";

/** A closed escalation is shown this long after it closed (then the screens forget it). */
const SHOWN_AFTER_CLOSE_MS = 30 * 86_400_000;

/** The owner's escalation (decision 085): the open one, or the latest closed in the last 30 days. */
export async function loadEscalationView(
  tx: Tx,
  { ownerId, now }: { ownerId: string; now: Date },
): Promise<EscalationView | null> {
  const row = await selectLatestEscalation(tx, ownerId);
  if (!row) return null;
  if (
    row.status !== "open" &&
    now.getTime() - (row.closedAt?.getTime() ?? 0) > SHOWN_AFTER_CLOSE_MS
  )
    return null;
  const { verifiers, threshold } = await getAcceptedVerifiers(tx, ownerId);
  const accepted = new Set(verifiers.map((v) => v.id));
  const answers = (await selectEscalationAnswers(tx, row.id)).filter((a) =>
    accepted.has(a.verifierId),
  );
  return {
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    isHeld: !!row.heldAt,
    answers: answers.map((a) => ({
      name: a.name,
      answer: a.answer,
      at: a.answeredAt.toISOString(),
    })),
    needed: unreachableNeeded(threshold, verifiers.length),
    asked: verifiers.length,
  };
}

/** The owner's open escalation as their verifier `verifierId` sees it (no other verifier's name). */
export async function loadVerifierEscalation(
  tx: Tx,
  { ownerId, verifierId }: { ownerId: string; verifierId: string },
): Promise<VerifierEscalationView | null> {
  const row = await selectOpenEscalation(tx, ownerId);
  if (!row) return null;
  const { verifiers, threshold } = await getAcceptedVerifiers(tx, ownerId);
  const accepted = new Set(verifiers.map((v) => v.id));
  const answers = (await selectEscalationAnswers(tx, row.id)).filter((a) =>
    accepted.has(a.verifierId),
  );
  const plan = await selectPlan(tx, ownerId);
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    endsAt: plan?.requireVerifier ? null : row.endsAt.toISOString(),
    myAnswer: answers.find((a) => a.verifierId === verifierId)?.answer ?? null,
    needed: unreachableNeeded(threshold, verifiers.length),
    unreachable: answers.filter((a) => a.answer === "unreachable").length,
  };
}
