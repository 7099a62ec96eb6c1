import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { LIVE_EVENT, LIVE_HEARTBEAT_MS } from "../../common/live.js";
import type { ActorProfile } from "../access.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { currentActor, kindFor } from "./service.js";

/**
 * GET /api/live (issue 16 point 9): Server-Sent Events for the signed-in person's live screens.
 * A `change` event names what changed ({"kind": …}), a `heartbeat` comes every 30 s; each
 * heartbeat re-reads the session, so a stream ends when its session does (sign-out, expiry) and
 * follows a change of role or firm.
 */
export const liveRoutes = new Hono<AppEnv>().get("/live", requireActor, (c) => {
  const { deps, sessionId } = c.var;
  let actor: ActorProfile = c.var.actor;
  c.header("Cache-Control", "no-store");
  c.header("X-Accel-Buffering", "no"); // nginx passes each event on at once
  return streamSSE(c, async (stream) => {
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    const send = (event: string, data: string) =>
      stream.writeSSE({ event, data }).catch(() => end());
    const unsubscribe = deps.live.subscribe((event) => {
      const kind = kindFor(actor, event);
      if (kind) void send(LIVE_EVENT.change, JSON.stringify({ kind }));
    });
    const unClose = deps.live.onClose(end);
    stream.onAbort(end);
    const beat = setInterval(() => {
      void (async () => {
        const now = await currentActor(deps, sessionId);
        if (!now) return end();
        actor = now;
        await send(LIVE_EVENT.heartbeat, "");
      })().catch(() => end());
    }, LIVE_HEARTBEAT_MS);
    await send(LIVE_EVENT.heartbeat, ""); // the stream is open: the browser's onopen fires now
    await ended;
    clearInterval(beat);
    unsubscribe();
    unClose();
  });
});
