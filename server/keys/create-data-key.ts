import { asSystem } from "../db/actor.js";
import type { Db } from "../db/client.js";
import type { DataKeyWrapper } from "../crypto/data-key.js";
import { insertWrappedDataKey } from "./queries.js";

/**
 * Creates the account's data key (docs/decisions/009). Written as the system: lv_app may only
 * read user_keys (migration 0007), so nothing running as the app role can replace or delete a
 * data key, which would make the owner's vault unreadable.
 */
export async function createDataKeyForNewUser(
  db: Db,
  dataKeys: DataKeyWrapper,
  userId: string,
): Promise<void> {
  await asSystem(db, (tx) => insertWrappedDataKey(tx, userId, dataKeys.create(userId)));
}
