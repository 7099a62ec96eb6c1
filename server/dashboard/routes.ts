import { Hono } from "hono";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { presentDashboard, presentFirmOverview } from "./present.js";
import { getDashboard, getFirmOverview } from "./service.js";

export const dashboardRoutes = new Hono<AppEnv>()
  .get("/dashboard", requireActor, async (c) => {
    return c.json(presentDashboard(await getDashboard(c.var.deps, c.var.actor)));
  })
  .get("/dashboard/firm", requireActor, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(presentFirmOverview(await getFirmOverview(c.var.deps, c.var.actor)));
  });
