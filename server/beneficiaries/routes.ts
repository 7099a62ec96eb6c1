import { Hono } from "hono";
import { beneficiaryUpdateSchema, createBeneficiarySchema } from "../../common/beneficiaries.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { presentBeneficiary } from "./present.js";
import {
  createBeneficiary,
  deleteBeneficiary,
  getBeneficiary,
  listBeneficiaries,
  updateBeneficiary,
} from "./service.js";

export const beneficiaryRoutes = new Hono<AppEnv>()
  .get("/beneficiaries", requireActor, async (c) => {
    const rows = await listBeneficiaries(c.var.deps, c.var.actor);
    return c.json({ beneficiaries: rows.map(presentBeneficiary) });
  })
  .post("/beneficiaries", requireActor, async (c) => {
    const input = await parseJson(c, createBeneficiarySchema);
    const { row, isNotified } = await createBeneficiary(c.var.deps, c.var.actor, input);
    return c.json({ beneficiary: presentBeneficiary(row), notified: isNotified }, 201);
  })
  .get("/beneficiaries/:id", requireActor, async (c) => {
    const row = await getBeneficiary(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")));
    return c.json({ beneficiary: presentBeneficiary(row) });
  })
  .patch("/beneficiaries/:id", requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const input = await parseJson(c, beneficiaryUpdateSchema);
    return c.json({
      beneficiary: presentBeneficiary(
        await updateBeneficiary(c.var.deps, c.var.actor, { id, input }),
      ),
    });
  })
  .delete("/beneficiaries/:id", requireActor, async (c) => {
    await deleteBeneficiary(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")));
    return c.json({ ok: true });
  });
