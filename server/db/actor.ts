import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client.js";

/** Who a query runs for. Row-level security sees `userId` as app_user_id(). */
export type Actor = { userId: string };

/**
 * Runs `fn` in one transaction under the non-superuser role lv_app with the actor set,
 * so PostgreSQL's row-level security applies to every statement inside.
 */
export function withActor<T>(db: Db, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local role lv_app`);
    await tx.execute(sql`select set_config('app.user_id', ${actor.userId}, true)`);
    return fn(tx);
  });
}

/**
 * Runs `fn` in one transaction as the owner, bypassing row-level security. Only for the
 * system operations the spec describes (creating a profile's firm link, sending mail, ...);
 * every call site says why.
 */
export function asSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
