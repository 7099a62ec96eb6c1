import { requireAccess, type ActorProfile } from "../access.js";
import { recordAuditOnce } from "../audit/record.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Db } from "../db/client.js";
import { AppError } from "../errors.js";
import type { Deps } from "../http/context.js";
import type { DataKeyWrapper } from "../keys/data-key.js";
import { describeError } from "../logger.js";
import { insertWrappedDataKey, selectWrappedDataKey } from "./queries.js";

/**
 * Creates the account's data key (docs/decisions/009). Written as the system: lv_app may only
 * read user_keys (migration 0007), so nothing running as the app role can replace or delete a
 * data key, which would make the owner's vault unreadable.
 */
export async function createDataKeyForNewUser(db: Db, dataKeys: DataKeyWrapper, userId: string): Promise<void> {
  await asSystem(db, (tx) => insertWrappedDataKey(tx, userId, dataKeys.create(userId)));
}

/**
 * The signed-in owner's raw data key. Accounts made before the vault existed get theirs now. Each
 * fetch is audited ("vault.key_fetched", never the key), once per owner, address and window
 * (docs/decisions/023): a page that asks again and again writes no more. That audit is
 * best-effort: when it cannot be written (a full disk), it is logged and the owner still gets the key.
 */
export async function getDataKey(deps: Deps, actor: ActorProfile, ip: string): Promise<Buffer> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const read = () => withActor(deps.db, { userId: actor.id }, (tx) => selectWrappedDataKey(tx, actor.id));
  let wrapped = await read();
  if (!wrapped) {
    await createDataKeyForNewUser(deps.db, deps.dataKeys, actor.id); // a concurrent first request may win: both then read its key
    wrapped = await read();
  }
  if (!wrapped) throw new AppError("INTERNAL");
  const dataKey = deps.dataKeys.unwrap(actor.id, wrapped);
  const event = { actorId: actor.id, action: "vault.key_fetched", subjectType: "user", subjectId: actor.id, ip };
  try {
    await recordAuditOnce(deps.db, event, `${actor.id}:${ip}`, deps.clock.now());
  } catch (err) {
    // Best-effort, as auditRefusal: a read must not fail on its audit row (a full disk answers writes 507).
    deps.log.warn(`audit of a vault key fetch failed: ${describeError(err)}`);
  }
  return dataKey;
}
