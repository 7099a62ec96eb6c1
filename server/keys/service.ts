import { requireAccess, type ActorProfile } from "../access.js";
import { recordAuditOnce } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import { createDataKeyForNewUser } from "./create-data-key.js";
import { selectWrappedDataKey } from "./queries.js";

/**
 * The signed-in owner's raw data key. Accounts made before the vault existed get theirs now. Each
 * fetch is audited ("vault.key_fetched", never the key), once per owner, address and window
 * (docs/decisions/023): a page that asks again and again writes no more. That audit is
 * best-effort: when it cannot be written (a full disk), it is logged and the owner still gets the key.
 */
export async function getDataKey(deps: Deps, actor: ActorProfile, ip: string): Promise<Buffer> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const read = () =>
    withActor(deps.db, { userId: actor.id }, (tx) => selectWrappedDataKey(tx, actor.id));
  let wrapped = await read();
  if (!wrapped) {
    await createDataKeyForNewUser(deps.db, deps.dataKeys, actor.id); // a concurrent first request may win: both then read its key
    wrapped = await read();
  }
  if (!wrapped) throw new AppError("INTERNAL");
  const dataKey = deps.dataKeys.unwrap(actor.id, wrapped);
  const event = {
    actorId: actor.id,
    action: "vault.key_fetched",
    subjectType: "user",
    subjectId: actor.id,
    ip,
  };
  try {
    await recordAuditOnce(deps.db, event, { key: `${actor.id}:${ip}`, now: deps.clock.now() });
  } catch (err) {
    // Best-effort, as auditRefusal: a read must not fail on its audit row (a full disk answers writes 507).
    deps.log.warn(`audit of a vault key fetch failed: ${describeError(err)}`);
  }
  return dataKey;
}
