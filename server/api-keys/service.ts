import type { z } from "zod";
import { API_KEYS_PER_FIRM, API_MSG, type createApiKeySchema } from "../../common/firm-api.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import {
  countActiveApiKeys,
  findKeyWithMaker,
  insertApiKey,
  revokeApiKeyRow,
  selectFirmApiKeys,
  touchApiKey,
  type ApiKeyRow,
} from "./queries.js";
import { isSecretOf, newApiKey, parseApiKey } from "./secret.js";

/** GET /api/firm/api-keys: the firm's keys, revoked ones too (admins only). */
export async function listApiKeys(deps: Deps, actor: ActorProfile): Promise<ApiKeyRow[]> {
  requireAccess(actor, "firm-api:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  return withActor(deps.db, { userId: actor.id }, (tx) => selectFirmApiKeys(tx, firmId));
}

/** POST /api/firm/api-keys: a new key; its text is returned this once and only its hash is kept. */
export async function createApiKey(
  deps: Deps,
  actor: ActorProfile,
  input: z.output<typeof createApiKeySchema>,
): Promise<{ row: ApiKeyRow; token: string }> {
  requireAccess(actor, "firm-api:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  const made = newApiKey();
  // written by the system after the check above, like invitations (migration 0061)
  const row = await asSystem(deps.db, async (tx) => {
    if ((await countActiveApiKeys(tx, firmId)) >= API_KEYS_PER_FIRM)
      throw new AppError("CONFLICT", API_MSG.tooManyKeys);
    const inserted = await insertApiKey(tx, {
      id: made.id,
      firmId,
      createdBy: actor.id,
      name: input.name,
      scopes: input.scopes,
      secretHash: made.secretHash,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "api_key.created",
      subjectType: "api_key",
      subjectId: inserted.id,
      firmId,
      details: { scopes: input.scopes },
    });
    return inserted;
  });
  return { row, token: made.token };
}

/** POST /api/firm/api-keys/:id/revoke: at once; another firm's key or none at all answer 404. */
export async function revokeApiKey(deps: Deps, actor: ActorProfile, id: string) {
  requireAccess(actor, "firm-api:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  return asSystem(deps.db, async (tx) => {
    const row = await revokeApiKeyRow(tx, { firmId, id, at: deps.clock.now() });
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "api_key.revoked",
      subjectType: "api_key",
      subjectId: id,
      firmId,
    });
    return row;
  });
}

export type KeyHolder = { keyId: string; scopes: string[]; actor: ActorProfile };

/**
 * The key of an `Authorization: Bearer lvk_...` header, or 401. A key acts for its firm as the
 * admin who made it: once that person is no longer an admin of the firm, or the key is revoked,
 * it opens nothing (looked up on every request, so revocation is immediate).
 */
export async function authenticateApiKey(
  deps: Deps,
  header: string | undefined,
): Promise<KeyHolder> {
  const token = /^Bearer (\S+)$/.exec(header ?? "")?.[1];
  if (!token) throw new AppError("UNAUTHENTICATED", API_MSG.keyMissing);
  const parsed = parseApiKey(token);
  const found = parsed && (await findKeyWithMaker(deps.db, parsed.id));
  const isValid =
    !!parsed &&
    !!found &&
    isSecretOf(parsed.secret, found.key.secretHash) &&
    !found.key.revokedAt &&
    !!found.key.createdBy &&
    found.makerRole === "firm_admin" &&
    found.makerFirmId === found.key.firmId;
  if (!isValid || !found?.key.createdBy) throw new AppError("UNAUTHENTICATED", API_MSG.keyInvalid);
  return {
    keyId: found.key.id,
    scopes: found.key.scopes,
    actor: { id: found.key.createdBy, role: "firm_admin", firmId: found.key.firmId },
  };
}

/** Every use of a key is audited with what it asked and how it was answered (never the key). */
export async function recordApiKeyUse(
  deps: Deps,
  holder: KeyHolder,
  use: { method: string; path: string; status: number; ip: string | null },
) {
  const at = deps.clock.now();
  await touchApiKey(deps.db, { id: holder.keyId, at });
  await recordAudit(deps.db, {
    actorId: holder.actor.id,
    action: "api_key.used",
    subjectType: "api_key",
    subjectId: holder.keyId,
    firmId: holder.actor.firmId,
    ip: use.ip,
    details: { method: use.method, path: use.path, status: use.status },
  });
}
