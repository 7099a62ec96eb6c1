import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { account } from "../db/schema/index.js";

/** As the system (lv_app never reads a hash): the account's password hash, or null without one. */
export const selectPasswordHash = (tx: Tx, userId: string) =>
  tx
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1)
    .then((r) => r[0]?.password ?? null);
