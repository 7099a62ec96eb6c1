import { Hono } from "hono";
import { incapacityItemSchema, incapacitySettingsSchema } from "../../common/incapacity.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { getIncapacity, markItem, saveSettings, withdrawIncapacity } from "./service.js";

/** The owner's incapacity scope (docs/decisions/093). The caregiver's reads are on the portal (server/legacy/routes.ts). */
export const incapacityRoutes = new Hono<AppEnv>()
  .get("/incapacity", requireActor, async (c) =>
    c.json(await getIncapacity(c.var.deps, c.var.actor)),
  )
  .put("/incapacity/settings", requireActor, async (c) =>
    c.json(
      await saveSettings(c.var.deps, c.var.actor, await parseJson(c, incapacitySettingsSchema)),
    ),
  )
  .put("/incapacity/items/:id", requireActor, async (c) =>
    c.json(
      await markItem(
        c.var.deps,
        c.var.actor,
        parseIdParam(c.req.param("id")),
        await parseJson(c, incapacityItemSchema),
      ),
    ),
  )
  .post("/incapacity/withdraw", requireActor, async (c) =>
    c.json(await withdrawIncapacity(c.var.deps, c.var.actor)),
  );
