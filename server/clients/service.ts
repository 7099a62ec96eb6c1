import type { ClientListQuery } from "../../common/clients.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { getClient, listClientsPage } from "./queries.js";

/** One page of the firm's clients, read from the request's cursor when that is nearer (decision 033). */
export async function listClients(deps: Deps, actor: ActorProfile, query: ClientListQuery) {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const cursor = decodeCursor(query);
  const page = await withActor(deps.db, { userId: actor.id }, (tx) =>
    listClientsPage(tx, { firmId: actor.firmId ?? "", query, cursor }),
  );
  return { ...page, cursor: page.cursor && encodeCursor(query, page.cursor) };
}

export async function getClientProfile(deps: Deps, actor: ActorProfile, id: string) {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const client = await withActor(deps.db, { userId: actor.id }, (tx) =>
    getClient(tx, actor.firmId ?? "", id),
  );
  if (!client) throw new AppError("NOT_FOUND");
  return client;
}

/** "View as Client" and "Exit Impersonation" are written to the audit log (SECURITY.md). */
export async function recordImpersonation(
  deps: Deps,
  actor: ActorProfile,
  { clientId, isActive }: { clientId: string; isActive: boolean },
) {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  await withActor(deps.db, { userId: actor.id }, async (tx) => {
    if (!(await getClient(tx, actor.firmId ?? "", clientId))) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorId: actor.id,
      action: isActive ? "impersonation.started" : "impersonation.ended",
      subjectType: "user",
      subjectId: clientId,
    });
  });
}
