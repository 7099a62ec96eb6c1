import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { session, user } from "../db/schema/index.js";

/**
 * Who an open stream's session belongs to now (role and firm from the user row's copy, decision
 * 016), or undefined once it has expired or been signed out. Sign-in bookkeeping, run as the
 * table's owner like better-auth's own reads; scoped by the session id.
 */
export async function selectSessionActor(db: Db, sessionId: string) {
  const rows = await db
    .select({ id: user.id, role: user.role, firmId: user.firmId })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0];
}
