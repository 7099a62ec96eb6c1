import { requireAccess, type ActorProfile } from "../access.js";
import { recordAuditOnce } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import { createDataKeyForNewUser } from "./create-data-key.js";
import { selectStoredKeys, type StoredKeys } from "./owner-keys-queries.js";

/**
 * The signed-in owner's keys (docs/decisions/038): the raw data key only while the server still
 * holds an escrowed copy (an account that has not moved over, or whose items still depend on it),
 * and the browser's wraps. An account without keys (made before the vault, or by a client that sent
 * none) gets an escrowed data key now, so that it can move over. Each fetch is audited
 * ("vault.key_fetched", never a key), once per owner, address and window (docs/decisions/023): a
 * page that asks again and again writes no more. That audit is best-effort: when it cannot be
 * written (a full disk), it is logged and the owner still gets the key.
 */
export async function getDataKey(
  deps: Deps,
  actor: ActorProfile,
  ip: string,
): Promise<{ stored: StoredKeys; dataKey: Buffer | null }> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const read = () =>
    withActor(deps.db, { userId: actor.id }, (tx) => selectStoredKeys(tx, actor.id));
  let stored = await read();
  if (!stored) {
    await createDataKeyForNewUser(deps.db, deps.dataKeys, actor.id); // a concurrent first request may win: both then read its key
    stored = await read();
  }
  if (!stored) throw new AppError("INTERNAL");
  const dataKey = stored.wrappedKey ? deps.dataKeys.unwrap(actor.id, stored.wrappedKey) : null;
  const event = {
    actorId: actor.id,
    action: "vault.key_fetched",
    subjectType: "user",
    subjectId: actor.id,
    ownerId: actor.id,
    ip,
  };
  try {
    await recordAuditOnce(deps.db, event, { key: `${actor.id}:${ip}`, now: deps.clock.now() });
  } catch (err) {
    // Best-effort, as auditRefusal: a read must not fail on its audit row (a full disk answers writes 507).
    deps.log.warn(`audit of a vault key fetch failed: ${describeError(err)}`);
  }
  return { stored, dataKey };
}
