import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client.js";

/** Who a query runs for. Row-level security sees `userId` as app_user_id(). */
export type Actor = { userId: string };

/**
 * Runs `fn` in one transaction under the non-superuser role lv_app with the actor set,
 * so PostgreSQL's row-level security applies to every statement inside. Role and actor are
 * set in one statement (set_config('role', ..., true) is SET LOCAL ROLE): one round trip
 * less on every request.
 */
export function withActor<T>(db: Db, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', 'lv_app', true), set_config('app.user_id', ${actor.userId}, true)`,
    );
    return fn(tx);
  });
}

/**
 * Runs `fn` in one transaction under lv_client_view, a firm user's read-only view of one client's
 * vault summary (migration 0012, docs/decisions/012-view-as-client.md): asset ids, types and dates
 * (no titles: migration 0042) and beneficiaries' names of `clientId`, and only when `userId` is an admin
 * or staff member of that client's firm. Every other column and table is refused; any other client's
 * rows are invisible. Call it only after the API's own access check.
 */
export function withClientView<T>(
  db: Db,
  view: Actor & { clientId: string },
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local role lv_client_view`);
    await tx.execute(
      sql`select set_config('app.user_id', ${view.userId}, true), set_config('app.client_id', ${view.clientId}, true)`,
    );
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
