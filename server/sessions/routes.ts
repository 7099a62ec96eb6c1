import { Hono } from "hono";
import type { SessionList } from "../../common/sessions.js";
import { requireUser } from "./middleware.js";
import type { AppEnv } from "../http/context.js";
import { passSetCookies } from "../http/cookies.js";
import { presentSession } from "./present.js";
import { listSessions, revokeOtherSessions, revokeSession } from "./service.js";

/** The signed-in devices of the account (docs/decisions/035). */
export const sessionRoutes = new Hono<AppEnv>()
  .get("/sessions", requireUser, async (c) => {
    const rows = await listSessions(c.var.deps.db, { userId: c.var.user.id });
    c.header("Cache-Control", "no-store");
    return c.json<SessionList>({
      sessions: rows.map((row) => presentSession(row, c.var.sessionId)),
    });
  })
  .post("/sessions/revoke-others", requireUser, async (c) => {
    await revokeOtherSessions(c.var.deps, caller(c));
    return c.body(null, 204);
  })
  .delete("/sessions/:id", requireUser, async (c) => {
    const headers = await revokeSession(c.var.deps, caller(c), c.req.param("id"));
    passSetCookies(c, headers);
    return c.body(null, 204);
  });

const caller = (c: { var: { user: { id: string }; ip: string }; req: { raw: Request } }) => ({
  userId: c.var.user.id,
  headers: c.req.raw.headers,
  ip: c.var.ip ?? null,
});
