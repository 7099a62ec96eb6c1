import { Hono } from "hono";
import { putDeliverySchema, reportDeathSchema } from "../../common/deliveries.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { perUserLimit } from "../rate-limit/per-user-middleware.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import { getReleasePeople, reportDeath } from "./deceased.js";
import { getDelivery, listDeliveries, putDelivery } from "./service.js";

const limitReports = perUserLimit("death-report", PER_USER_LIMITS.deathReport);
const clientId = (id: string | undefined) => parseIdParam(id, "user");

/**
 * Items delivered later (docs/decisions/096): the owner's own items' delays (the items are
 * /api/assets); and a beneficiary reported dead by the client's firm (decision 105).
 */
export const deliveryRoutes = new Hono<AppEnv>()
  .get("/deliveries", requireActor, async (c) =>
    c.json(await listDeliveries(c.var.deps, c.var.actor)),
  )
  .get("/deliveries/:id", requireActor, async (c) => {
    return c.json(await getDelivery(c.var.deps, c.var.actor, parseIdParam(c.req.param("id"))));
  })
  .put("/deliveries/:id", requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const input = await parseJson(c, putDeliverySchema);
    return c.json(await putDelivery(c.var.deps, c.var.actor, { id, input }));
  })
  .get("/clients/:id/release/people", requireActor, async (c) =>
    c.json(await getReleasePeople(c.var.deps, c.var.actor, clientId(c.req.param("id")))),
  )
  .post("/clients/:id/release/people/report", requireActor, limitReports, async (c) => {
    const input = await parseJson(c, reportDeathSchema);
    const id = clientId(c.req.param("id"));
    return c.json(await reportDeath(c.var.deps, c.var.actor, { clientId: id, input }));
  });
