import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-call";
import type { Db } from "../db/client.js";
import { selectSessionByToken } from "./queries.js";
import type { Auth } from "../auth-options.js";

type SessionRow = NonNullable<Awaited<ReturnType<typeof selectSessionByToken>>>;
export type SessionRead = {
  user: SessionRow["user"];
  session: { id: string; lastSeenAt: Date | null | undefined };
};

/** better-call's signed cookie: `value.signature`, the signature a base64 HMAC-SHA256 of the value (44 characters). */
const SIGNATURE_LENGTH = 44;

/**
 * The signed-in user and session of a request, as better-auth's getSession answers them, read
 * in one statement (decision 061). The common case, a signed session cookie whose session is
 * valid and not yet due for better-auth's daily refresh, is answered here; every other case
 * (a session expired or due for refresh, a "don't remember me" session) goes to better-auth's
 * getSession, which deletes or extends it. No cookie, a bad signature or an unknown token is no
 * session, as in better-auth. The database is read on every request: a revoked session stops at once.
 */
export async function readSession(
  auth: Auth,
  db: Db,
  headers: Headers,
): Promise<SessionRead | null> {
  const cookieHeader = headers.get("cookie");
  if (!cookieHeader) return null;
  const context = await auth.$context;
  const cookies = parseCookies(cookieHeader);
  const token = verifiedValue(cookies.get(context.authCookies.sessionToken.name), context.secret);
  if (!token) return null;
  if (cookies.has(context.authCookies.dontRememberToken.name)) return fromBetterAuth(auth, headers);
  const row = await selectSessionByToken(db, token);
  if (!row) return null;
  const { expiresIn, updateAge } = context.sessionConfig;
  const expiresAt = row.expiresAt.getTime();
  const isDueForRefresh = expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now();
  if (expiresAt < Date.now() || isDueForRefresh) return fromBetterAuth(auth, headers);
  return { user: row.user, session: { id: row.id, lastSeenAt: row.lastSeenAt } };
}

/** The value of a cookie better-call signed with `secret`, or null (its checks: getSignedCookie). */
function verifiedValue(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const at = cookie.lastIndexOf(".");
  if (at < 1) return null;
  const value = cookie.slice(0, at);
  const signature = cookie.slice(at + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(value).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

async function fromBetterAuth(auth: Auth, headers: Headers): Promise<SessionRead | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const { id, lastSeenAt } = result.session;
  return { user: result.user as SessionRow["user"], session: { id, lastSeenAt } };
}
