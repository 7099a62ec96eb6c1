import { and, desc, eq, gt, lt, ne, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "../db/client.js";
import { session, signInDevices, user } from "../db/schema/index.js";

/** The actor's unexpired sessions, most recently seen first. Runs under withActor (row-level security: own rows only; lv_app cannot read tokens). */
export function selectOwnSessions(tx: Tx, userId: string) {
  return tx
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.lastSeenAt), desc(session.createdAt));
}
export type OwnSessionRow = Awaited<ReturnType<typeof selectOwnSessions>>[number];

/** No LIMIT: the token is unique, and a LIMIT parameter would have the statement planned at every run (decision 065). */
function prepareSessionByToken(db: Db) {
  return db
    .select({
      id: session.id,
      expiresAt: session.expiresAt,
      lastSeenAt: session.lastSeenAt,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        twoFactorEnabled: user.twoFactorEnabled,
        role: user.role,
        firmId: user.firmId,
      },
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("session_by_token");
}
const sessionByToken = new WeakMap<Db, ReturnType<typeof prepareSessionByToken>>();

/**
 * The session of `token` and what the API reads of its user, in one statement: every signed-in
 * request's session read (server/sessions/session-read.ts, decision 061). Built once per database
 * (Drizzle's prepared query: a tenth of a millisecond less on every request). Runs as the
 * table's owner, as better-auth's own lookup does (lv_app never reads tokens).
 */
export async function selectSessionByToken(db: Db, token: string) {
  let query = sessionByToken.get(db);
  if (!query) sessionByToken.set(db, (query = prepareSessionByToken(db)));
  const rows = await query.execute({ token });
  return rows[0];
}

/** Moves the session's last-seen time to now if it is older than `staleSeconds`. Runs under withActor. */
export async function touchOwnSession(
  tx: Tx,
  { id, staleSeconds }: { id: string; staleSeconds: number },
) {
  await tx
    .update(session)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(session.id, id),
        lt(session.lastSeenAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    );
}

/**
 * The token of `userId`'s unexpired session `id`, or undefined: revoking goes through better-auth,
 * which takes tokens. Runs as the table's owner (lv_app never reads tokens); scoped by the user.
 */
export async function selectOwnSessionToken(
  db: Db,
  { userId, id }: { userId: string; id: string },
) {
  const rows = await db
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, id), eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0]?.token;
}

/**
 * A new session's device, recorded, and what the new-device notice decides on as it was before:
 * the account's address and whether it uses sign-in codes, whether this device was seen within
 * `knownDays` (and within the last day), and whether the account had any device on record. One
 * statement (its parts see the rows as they were before it). The device's last-seen time moves
 * at most once a day (a day is all the notice needs), and not at all for the password step
 * (`isPasswordStep`) of an account with sign-in codes: that session is replaced once the code is
 * entered. Sign-in bookkeeping, like better-auth's own tables: undefined for no such account.
 */
export async function recordDevice(
  db: Db,
  {
    userId,
    deviceKey,
    knownDays,
    isPasswordStep,
  }: { userId: string; deviceKey: string; knownDays: number; isPasswordStep: boolean },
): Promise<DeviceState | undefined> {
  const seenWithin = (interval: SQL) =>
    sql`exists (select 1 from ${signInDevices} d where d.user_id = ${user.id} and d.device_key = ${deviceKey} and d.last_seen_at > now() - ${interval})`;
  const result = await db.execute(sql`
    with state as (
      select ${user.email} as email, ${user.twoFactorEnabled} as two_factor_enabled,
        ${seenWithin(sql`make_interval(days => ${knownDays})`)} as is_known,
        ${seenWithin(sql`interval '1 day'`)} as is_seen_today,
        exists (select 1 from ${signInDevices} d where d.user_id = ${user.id}) as has_any
      from ${user} where ${user.id} = ${userId}
    ), seen as (
      insert into ${signInDevices} (user_id, device_key)
      select ${userId}, ${deviceKey} from state
      where not state.is_seen_today and not (${isPasswordStep} and state.two_factor_enabled)
      on conflict (user_id, device_key) do update set last_seen_at = now()
    )
    select email, two_factor_enabled as "twoFactorEnabled", is_known as "isKnown", has_any as "hasAny"
    from state`);
  return rowsOf<DeviceState>(result)[0];
}
export type DeviceState = {
  email: string;
  twoFactorEnabled: boolean;
  isKnown: boolean;
  hasAny: boolean;
};

/** Ends the user's sessions, all or all but `exceptId` (their session keys go with them). */
export const deleteSessions = (tx: Tx, userId: string, exceptId?: string) =>
  tx
    .delete(session)
    .where(
      exceptId
        ? and(eq(session.userId, userId), ne(session.id, exceptId))
        : eq(session.userId, userId),
    );
