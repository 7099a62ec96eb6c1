import type {
  ExecutorMilestonesView,
  FirmMilestonesView,
  MilestoneView,
} from "../../common/messages.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { getClientProfile } from "../clients/service.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { listExecutorEstates } from "../executor-tasks/service.js";
import { confirmMilestone, findMilestone, listMilestones } from "../messages/service.js";

/**
 * Milestones that a named person confirms (docs/decisions/109): the owner's executor in the
 * portal, or an admin of the owner's firm on the client's page, lists the owner's milestones
 * (their descriptions only) and confirms one after the release; the message then falls due.
 */

/** Who confirms: the address the portal proved, or a firm admin acting on one client's page. */
export type Confirmer =
  { kind: "executor"; email: string } | { kind: "firm"; actor: ActorProfile; clientId: string };

/**
 * The one access check: the owners whose milestones `who` confirms. An executor: the released
 * estates that named them. A firm admin: the client of their own firm (404 for another firm's,
 * for staff and for anyone else, as for a client that does not exist).
 */
async function ownersFor(deps: Deps, who: Confirmer) {
  if (who.kind === "executor") return listExecutorEstates(deps, who.email);
  const client = await getClientProfile(deps, who.actor, who.clientId);
  requireAccess(who.actor, "milestones:confirm-for-firm", {
    firmId: client.firmId,
    role: client.role,
    ownerId: client.id,
  });
  return [{ ownerId: client.id, ownerName: client.name }];
}

/** GET /api/legacy/milestones: the executor's released estates and their milestones. */
export async function listExecutorMilestones(
  deps: Deps,
  email: string,
): Promise<ExecutorMilestonesView> {
  const estates = await ownersFor(deps, { kind: "executor", email });
  const rows = await asSystem(deps.db, (tx) =>
    listMilestones(
      tx,
      estates.map((e) => e.ownerId),
      "executor",
    ),
  );
  return {
    estates: estates
      .map((e) => ({
        ownerId: e.ownerId,
        ownerName: e.ownerName,
        milestones: rows.filter((r) => r.ownerId === e.ownerId).map((r) => r.milestone),
      }))
      .filter((e) => e.milestones.length > 0),
  };
}

/** GET /api/clients/:id/milestones: the client's milestones that the firm confirms. */
export async function listFirmMilestones(
  deps: Deps,
  actor: ActorProfile,
  clientId: string,
): Promise<FirmMilestonesView> {
  const [owner] = await ownersFor(deps, { kind: "firm", actor, clientId });
  if (!owner) throw new AppError("NOT_FOUND");
  const rows = await asSystem(deps.db, (tx) => listMilestones(tx, [owner.ownerId], "firm"));
  return {
    isReleased: rows.some((r) => r.isReleased),
    milestones: rows.map((r) => r.milestone),
  };
}

/**
 * POST …/milestones/:id/confirm: 404 unless `who` confirms this owner's milestone of their kind;
 * 409 before the release; once confirmed, again answers the same confirmation.
 */
export async function confirmAs(
  deps: Deps,
  who: Confirmer,
  id: string,
): Promise<{ milestone: MilestoneView }> {
  const owners = await ownersFor(deps, who);
  return asSystem(deps.db, async (tx) => {
    const milestone = await findMilestone(tx, id);
    const isTheirs =
      !!milestone &&
      milestone.confirmer === who.kind &&
      owners.some((o) => o.ownerId === milestone.ownerId);
    if (!milestone || !isTheirs) throw new AppError("NOT_FOUND");
    const confirmed = await confirmMilestone(tx, {
      milestone,
      by: who.kind === "executor" ? who.email : who.actor.id,
      actorId: who.kind === "executor" ? null : who.actor.id,
      firmId: who.kind === "executor" ? null : who.actor.firmId,
      now: deps.clock.now(),
    });
    return { milestone: confirmed };
  });
}
