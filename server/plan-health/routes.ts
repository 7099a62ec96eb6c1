import { Hono } from "hono";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { getClientPlanHealth, getPlanHealth } from "./service.js";

/** The plan-health list: the owner's own, and a client's for their current firm (docs/decisions/083). */
export const planHealthRoutes = new Hono<AppEnv>()
  .get("/plan-health", requireActor, async (c) =>
    c.json(await getPlanHealth(c.var.deps, c.var.actor)),
  )
  .get("/clients/:id/plan-health", requireActor, async (c) =>
    c.json(
      await getClientPlanHealth(c.var.deps, c.var.actor, parseIdParam(c.req.param("id"), "user")),
    ),
  );
