import { Hono } from "hono";
import { createFirmCodeSchema, firmCodeLookupSchema } from "../../common/firm-codes.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson, parseWith } from "../http/validate.js";
import { limitFirmCodeMisses } from "../rate-limit/per-user-middleware.js";
import { presentFirmCode, presentFirmSummary } from "./present.js";
import { createFirmCode, deactivateFirmCode, listFirmCodes, lookupFirm } from "./service.js";

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
    const row = await deactivateFirmCode(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")));
    return c.json({ code: presentFirmCode(row) });
  })
  .get("/firms/lookup", limitFirmCodeMisses, async (c) => {
    const code = parseWith(firmCodeLookupSchema, c.req.query("code") ?? "");
    return c.json({ firm: presentFirmSummary(await lookupFirm(c.var.deps, code)) });
  });
