import { Hono } from "hono";
import { staffRoleSchema } from "../../common/staff.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { presentStaffMember } from "./present.js";
import { changeStaffRole, listFirmStaff, removeStaff } from "./service.js";

export const staffRoutes = new Hono<AppEnv>()
  .get("/staff", requireActor, async (c) => {
    const rows = await listFirmStaff(c.var.deps, c.var.actor);
    return c.json({ staff: rows.map(presentStaffMember) });
  })
  .patch("/staff/:id", requireActor, async (c) => {
    const { role } = await parseJson(c, staffRoleSchema);
    await changeStaffRole(c.var.deps, c.var.actor, {
      id: parseIdParam(c.req.param("id"), "user"),
      role,
    });
    return c.json({ ok: true });
  })
  .delete("/staff/:id", requireActor, async (c) => {
    await removeStaff(c.var.deps, c.var.actor, parseIdParam(c.req.param("id"), "user"));
    return c.json({ ok: true });
  });
