import { LAST_SEEN_PRECISION_SECONDS, SESSION_ID_PATTERN } from "../../common/sessions.js";
import { recordAudit } from "../audit/record.js";
import type { Auth } from "../auth-options.js";
import { withActor, type Actor } from "../db/actor.js";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../errors.js";
import {
  deleteSessions,
  selectOwnSessions,
  selectOwnSessionToken,
  touchOwnSession,
} from "./queries.js";

type SessionDeps = { db: Db; auth: Auth };
/** The request's own session: its cookie (as headers, for better-auth) and where it came from. */
type Caller = Actor & { headers: Headers; ip: string | null };

/** The actor's signed-in devices. */
export function listSessions(db: Db, actor: Actor) {
  return withActor(db, actor, (tx) => selectOwnSessions(tx, actor.userId));
}

/** Keeps a session's last-seen time to within LAST_SEEN_PRECISION_SECONDS: most requests write nothing. */
export async function touchSession(
  db: Db,
  {
    userId,
    sessionId,
    lastSeenAt,
  }: { userId: string; sessionId: string; lastSeenAt: Date | null | undefined },
) {
  const seen = lastSeenAt instanceof Date ? lastSeenAt.getTime() : Date.parse(String(lastSeenAt));
  if (Date.now() - seen < LAST_SEEN_PRECISION_SECONDS * 1000) return;
  await withActor(db, { userId }, (tx) =>
    touchOwnSession(tx, { id: sessionId, staleSeconds: LAST_SEEN_PRECISION_SECONDS }),
  );
}

/**
 * Signs one of the actor's devices out through better-auth's revokeSession. Another account's
 * session, an expired one and a malformed id are all answered 404, alike. Returns better-auth's
 * headers (they clear the cookie when the device is this one).
 */
export async function revokeSession({ db, auth }: SessionDeps, caller: Caller, id: string) {
  if (!SESSION_ID_PATTERN.test(id)) throw new AppError("NOT_FOUND");
  const token = await selectOwnSessionToken(db, { userId: caller.userId, id });
  if (!token) throw new AppError("NOT_FOUND");
  const { headers } = await auth.api.revokeSession({
    headers: caller.headers,
    body: { token },
    returnHeaders: true,
  });
  await recordAudit(db, {
    actorId: caller.userId,
    action: "auth.session_revoked",
    subjectType: "session",
    subjectId: id,
    ownerId: caller.userId,
    ip: caller.ip,
  });
  return headers;
}

/** Signs every other device out through better-auth's revokeOtherSessions; this one stays. */
export async function revokeOtherSessions({ db, auth }: SessionDeps, caller: Caller) {
  await auth.api.revokeOtherSessions({ headers: caller.headers });
  await recordAudit(db, {
    actorId: caller.userId,
    action: "auth.other_sessions_revoked",
    ownerId: caller.userId,
    ip: caller.ip,
  });
}

/**
 * Inside the caller's system transaction: ends the user's sessions, all or all but `exceptId`
 * (their session keys go with them). A new password, a recovered account, a new address.
 */
export const endSessions = (tx: Tx, userId: string, exceptId?: string) =>
  deleteSessions(tx, userId, exceptId);
