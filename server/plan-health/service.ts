import { planHealthEntries, type PlanHealthView } from "../../common/plan-health.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { findFirmClient } from "../clients/service.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { presentPlanHealthFacts } from "./present.js";
import { selectPlanHealth } from "./queries.js";

const factsOf = (deps: Deps, ownerId: string) =>
  asSystem(deps.db, async (tx) => presentPlanHealthFacts(await selectPlanHealth(tx, ownerId)));

/** GET /api/plan-health: the signed-in owner's own list, in their words. */
export async function getPlanHealth(deps: Deps, actor: ActorProfile): Promise<PlanHealthView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  return { entries: planHealthEntries(await factsOf(deps, actor.id), "owner") };
}

/**
 * GET /api/clients/:id/plan-health: an admin or staff member of the client's current firm sees the
 * same list as yes/no facts (no address, no title; only the count of items left to nobody).
 */
export async function getClientPlanHealth(
  deps: Deps,
  actor: ActorProfile,
  clientId: string,
): Promise<PlanHealthView> {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const client = await withActor(deps.db, { userId: actor.id }, (tx) =>
    findFirmClient(tx, requireFirm(actor), clientId),
  );
  if (!client) throw new AppError("NOT_FOUND");
  return { entries: planHealthEntries(await factsOf(deps, client.id), "firm") };
}
