import { Hono } from "hono";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { presentDashboard } from "./present.js";
import { getDashboard } from "./service.js";

export const dashboardRoutes = new Hono<AppEnv>().get("/dashboard", requireActor, async (c) => {
  return c.json(presentDashboard(await getDashboard(c.var.deps, c.var.actor)));
});
