import { Hono } from "hono";
import {
  activityQuerySchema,
  firmActivityExportSchema,
  firmActivityQuerySchema,
  type ActivityPage,
} from "../../common/activity.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseWith } from "../http/validate.js";
import { exportFirmActivity, listActivity, listFirmActivity } from "./service.js";

/** The activity timelines (docs/decisions/040): the caller's own, and their firm's for its admins. */
export const activityRoutes = new Hono<AppEnv>()
  .get("/activity", requireActor, async (c) => {
    const query = parseWith(activityQuerySchema, c.req.query());
    const page = await listActivity(c.var.deps, c.var.actor, query);
    c.header("Cache-Control", "no-store");
    return c.json<ActivityPage>(page);
  })
  .get("/firm/activity", requireActor, async (c) => {
    const query = parseWith(firmActivityQuerySchema, c.req.query());
    const page = await listFirmActivity(c.var.deps, c.var.actor, query);
    c.header("Cache-Control", "no-store");
    return c.json<ActivityPage>(page);
  })
  .get("/firm/activity.csv", requireActor, async (c) => {
    const query = parseWith(firmActivityExportSchema, c.req.query());
    const { csv } = await exportFirmActivity(c.var.deps, c.var.actor, query);
    c.header("Cache-Control", "no-store");
    c.header("Content-Type", "text/csv; charset=utf-8");
    const day = c.var.deps.clock.now().toISOString().slice(0, 10);
    c.header("Content-Disposition", `attachment; filename="firm-activity-${day}.csv"`);
    return c.body(csv);
  });
