import type { Tx } from "../db/client.js";
import { userKeys } from "../db/schema/index.js";

/** As the system (lv_app cannot write user_keys). An existing key is never replaced. */
export const insertWrappedDataKey = (tx: Tx, userId: string, wrappedKey: Buffer) =>
  tx.insert(userKeys).values({ userId, wrappedKey }).onConflictDoNothing();
