import { Hono } from "hono";
import { z } from "zod";
import { createFirmCodeSchema } from "../../common/firm-schemas.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseJson, parseWith } from "../http/validate.js";
import { presentFirmCode } from "./present.js";
import { createFirmCode, deactivateFirmCode, listFirmCodes } from "./service.js";

export const firmCodeRoutes = new Hono<AppEnv>()
  .get("/firm-codes", requireActor, async (c) => {
    const rows = await listFirmCodes(c.var.deps, c.var.actor);
    return c.json({ codes: rows.map(presentFirmCode) });
  })
  .post("/firm-codes", requireActor, async (c) => {
    const input = await parseJson(c, createFirmCodeSchema);
    const row = await createFirmCode(c.var.deps, c.var.actor, input);
    return c.json({ code: presentFirmCode(row) }, 201);
  })
  .post("/firm-codes/:id/deactivate", requireActor, async (c) => {
    const id = parseWith(z.uuid(), c.req.param("id"));
    const row = await deactivateFirmCode(c.var.deps, c.var.actor, id);
    return c.json({ code: presentFirmCode(row) });
  });
