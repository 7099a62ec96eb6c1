import { CLIENT_DASHBOARD_BENEFICIARIES } from "../../common/clients.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { readClientViewDashboard } from "../dashboard/service.js";
import { withActor, withClientView } from "../db/actor.js";
import { AppError } from "../errors.js";
import { findFirmForMember } from "../firms/service.js";
import type { Deps } from "../deps.js";
import { listBeneficiaryNames } from "./dashboard-queries.js";
import { getClient } from "./queries.js";

/**
 * 'View as Client' (issue 3; docs/decisions/012-view-as-client.md): the client's dashboard as the
 * admins and staff of the client's firm may see it. The owner's dashboard queries, run under
 * lv_client_view, which reads types, dates and beneficiaries' names: no title (docs/decisions/080),
 * no secret.
 */
export async function getClientDashboard(deps: Deps, actor: ActorProfile, clientId: string) {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const holder = await withActor(deps.db, { userId: actor.id }, async (tx) => {
    const client = await getClient(tx, requireFirm(actor), clientId);
    if (!client?.firmId) return null;
    // every look at a client's vault summary is audited, whether or not the page recorded 'View as Client'
    await recordAudit(tx, {
      actorId: actor.id,
      action: "client_dashboard.viewed",
      subjectType: "user",
      subjectId: client.id,
      ownerId: client.id,
      firmId: client.firmId,
    });
    return { client, firm: await findFirmForMember(tx, client.firmId) };
  });
  if (!holder) throw new AppError("NOT_FOUND");
  requireAccess(actor, "clients:read", { firmId: holder.client.firmId, role: holder.client.role });
  const vault = await withClientView(
    deps.db,
    { userId: actor.id, clientId: holder.client.id },
    async (tx) => ({
      ...(await readClientViewDashboard(tx, holder.client.id)),
      beneficiaryNames: await listBeneficiaryNames(
        tx,
        holder.client.id,
        CLIENT_DASHBOARD_BENEFICIARIES,
      ),
    }),
  );
  return { client: holder.client, firmName: holder.firm?.name ?? null, ...vault };
}
