import type { z } from "zod";
import type { ClientListQuery, updateClientFirmDetailsSchema } from "../../common/clients.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import {
  getClient,
  insertImportedFirmDetails,
  listClientsPage,
  selectClientFirmDetails,
  upsertClientFirmDetails,
} from "./queries.js";

type UpdateClientFirmDetailsOutput = z.output<typeof updateClientFirmDetailsSchema>;

/** One page of the firm's clients, read from the request's cursor when that is nearer (decision 033). */
export async function listClients(deps: Deps, actor: ActorProfile, query: ClientListQuery) {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const cursor = decodeCursor(query);
  const page = await withActor(deps.db, { userId: actor.id }, (tx) =>
    listClientsPage(tx, { firmId: requireFirm(actor), query, cursor }),
  );
  return { ...page, cursor: page.cursor && encodeCursor(query, page.cursor) };
}

export async function getClientProfile(deps: Deps, actor: ActorProfile, id: string) {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const client = await withActor(deps.db, { userId: actor.id }, (tx) =>
    getClient(tx, requireFirm(actor), id),
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
    if (!(await getClient(tx, requireFirm(actor), clientId))) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorId: actor.id,
      action: isActive ? "impersonation.started" : "impersonation.ended",
      subjectType: "user",
      subjectId: clientId,
      ownerId: clientId,
      firmId: actor.firmId,
    });
  });
}

type FirmDetailsRow = Awaited<ReturnType<typeof selectClientFirmDetails>>;
export type ClientFirmDetails = {
  client: { id: string; name: string; email: string };
  details: FirmDetailsRow;
};

/** /clients/edit/{id}: the firm's reference and notes about one of its clients (admins and staff). */
export async function getClientFirmDetails(
  deps: Deps,
  actor: ActorProfile,
  clientId: string,
): Promise<ClientFirmDetails> {
  // read by everyone who reads the client (a read-only assistant too); written by admins and staff
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const client = await getClient(tx, firmId, clientId);
    if (!client) throw new AppError("NOT_FOUND");
    return { client, details: await selectClientFirmDetails(tx, firmId, clientId) };
  });
}

/** Saves the firm's reference and notes; the client's own fields are not touched. Audited without the text. */
export async function updateClientFirmDetails(
  deps: Deps,
  actor: ActorProfile,
  update: { clientId: string; input: UpdateClientFirmDetailsOutput },
): Promise<ClientFirmDetails> {
  requireAccess(actor, "clients:edit", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  const { clientId, input } = update;
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const client = await getClient(tx, firmId, clientId);
    if (!client) throw new AppError("NOT_FOUND");
    const details = await upsertClientFirmDetails(tx, {
      firmId,
      clientId,
      reference: input.reference,
      notes: input.notes,
      updatedBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "client.details_updated",
      subjectType: "user",
      subjectId: clientId,
    });
    return { client, details };
  });
}

/**
 * Inside another domain's transaction (release): the client `clientId` of `firmId`, or null. The
 * caller has checked its actor's access to the firm's clients.
 */
export const findFirmClient = (tx: Tx, firmId: string, clientId: string) =>
  getClient(tx, firmId, clientId);

/**
 * Inside the joining's system transaction (invitations/): a client import's matter reference and
 * note become the firm's reference and notes on the new client, unless the firm has its own
 * already. Nothing is written when the import gave neither. Audited without the text.
 */
export async function keepImportedFirmDetails(
  tx: Tx,
  details: {
    firmId: string;
    clientId: string;
    reference: string | null;
    notes: string | null;
    invitedBy: string | null;
  },
): Promise<void> {
  const { firmId, clientId, reference, notes, invitedBy } = details;
  if (!reference && !notes) return;
  const isWritten = await insertImportedFirmDetails(tx, {
    firmId,
    clientId,
    reference,
    notes,
    updatedBy: invitedBy,
  });
  if (isWritten)
    await recordAudit(tx, {
      actorId: invitedBy,
      action: "client.details_imported",
      subjectType: "user",
      subjectId: clientId,
      firmId,
    });
}
