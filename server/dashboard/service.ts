import { RECENT_FIRM_ACTIONS } from "../../common/dashboard.js";
import { can, requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { listOwnFirmActions } from "../activity/service.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import {
  countActiveCodes,
  countClients,
  countPendingInvitations,
  countStaff,
  selectClientViewDashboard,
  selectDashboard,
} from "./queries.js";

/** The client dashboard (spec 02 §1, §9): counts per type, the 5 most recently updated assets, beneficiaries. */
export function getDashboard(deps: Deps, actor: ActorProfile) {
  return withActor(deps.db, { userId: actor.id }, (tx) => selectDashboard(tx, actor.id));
}

/**
 * The Firm Overview (issue 16, point 8), for the firm's admins and staff: each number only when the
 * caller's role may manage what it counts (server/access.ts); staff count the client invitations,
 * the only ones they may send.
 */
export async function getFirmOverview(deps: Deps, actor: ActorProfile) {
  const firm = { firmId: actor.firmId };
  requireAccess(actor, "clients:read", firm);
  const firmId = requireFirm(actor);
  const numbers = await withActor(deps.db, { userId: actor.id }, async (tx) => ({
    clients: await countClients(tx, firmId),
    pendingInvitations: await countPendingInvitations(
      tx,
      firmId,
      can(actor, "invitations:manage", firm) ? undefined : ["regular_user"],
    ),
    staff: can(actor, "staff:manage", firm) ? await countStaff(tx, firmId) : undefined,
    activeCodes: can(actor, "firm-codes:manage", firm)
      ? await countActiveCodes(tx, firmId)
      : undefined,
  }));
  return { ...numbers, myActions: await listOwnFirmActions(deps, actor, RECENT_FIRM_ACTIONS) };
}

/**
 * Inside another domain's transaction (clients: a firm's view of its client, under
 * withClientView): the vault's dashboard of `userId`, its recent items without titles.
 */
export const readClientViewDashboard = (tx: Tx, userId: string) =>
  selectClientViewDashboard(tx, userId);
