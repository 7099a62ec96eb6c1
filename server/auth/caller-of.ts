import type { Context } from "hono";
import type { ActorProfile } from "../access.js";
import type { Caller } from "./caller.js";
import type { AppEnv } from "../http/context.js";

type ActorContext = Context<
  AppEnv & { Variables: { actor: ActorProfile; user: { id: string; email: string } } }
>;

/** The Caller (./caller.ts) of a route behind requireActor. */
export const callerOf = (c: ActorContext): Caller => ({
  actor: c.var.actor,
  email: c.var.user.email,
  headers: c.req.raw.headers,
  ip: c.var.ip ?? null,
});
