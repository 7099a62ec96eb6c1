import { Hono } from "hono";
import { z } from "zod";
import { staffRoleSchema } from "../../common/firm-people-schemas.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseJson, parseWith } from "../http/validate.js";
import { presentStaffMember } from "./present.js";
import { changeStaffRole, listFirmStaff, removeStaff } from "./service.js";

const idParam = z.string().min(1).max(100);

export const staffRoutes = new Hono<AppEnv>()
  .get("/staff", requireActor, async (c) => {
    const rows = await listFirmStaff(c.var.deps, c.var.actor);
    return c.json({ staff: rows.map(presentStaffMember) });
  })
  .patch("/staff/:id", requireActor, async (c) => {
    const { role } = await parseJson(c, staffRoleSchema);
    await changeStaffRole(c.var.deps, c.var.actor, parseWith(idParam, c.req.param("id")), role);
    return c.json({ ok: true });
  })
  .delete("/staff/:id", requireActor, async (c) => {
    await removeStaff(c.var.deps, c.var.actor, parseWith(idParam, c.req.param("id")));
    return c.json({ ok: true });
  });
