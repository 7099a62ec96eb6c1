import { Hono } from "hono";
import { putMessageScheduleSchema } from "../../common/messages.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import {
  getMessageSchedule,
  listMessageSchedules,
  listMilestoneConfirmers,
  putMessageSchedule,
} from "./service.js";

/** Messages for later (docs/decisions/089): the owner's schedules; the items are /api/assets. */
export const messageRoutes = new Hono<AppEnv>()
  .get("/messages", requireActor, async (c) => {
    return c.json(await listMessageSchedules(c.var.deps, c.var.actor));
  })
  .get("/messages/confirmers", requireActor, async (c) => {
    return c.json(await listMilestoneConfirmers(c.var.deps, c.var.actor));
  })
  .get("/messages/:id/schedule", requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    c.header("Cache-Control", "no-store");
    return c.json(await getMessageSchedule(c.var.deps, c.var.actor, id));
  })
  .put("/messages/:id/schedule", requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const input = await parseJson(c, putMessageScheduleSchema);
    c.header("Cache-Control", "no-store");
    return c.json(await putMessageSchedule(c.var.deps, c.var.actor, { id, input }));
  });
