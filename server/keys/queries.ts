import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { userKeys } from "../db/schema/index.js";

/** Under withActor: row-level security shows lv_app its own row only. */
export const selectWrappedDataKey = (tx: Tx, userId: string) =>
  tx
    .select({ wrappedKey: userKeys.wrappedKey })
    .from(userKeys)
    .where(eq(userKeys.userId, userId))
    .limit(1)
    .then((r) => r[0]?.wrappedKey ?? null);

/** As the system (lv_app cannot write user_keys). An existing key is never replaced. */
export const insertWrappedDataKey = (tx: Tx, userId: string, wrappedKey: Buffer) =>
  tx.insert(userKeys).values({ userId, wrappedKey }).onConflictDoNothing();
