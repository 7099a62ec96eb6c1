import { Hono } from "hono";
import { putDeliverySchema } from "../../common/deliveries.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { getDelivery, putDelivery } from "./service.js";

/** Items delivered later (docs/decisions/096): the owner's own items' delays; the items are /api/assets. */
export const deliveryRoutes = new Hono<AppEnv>()
  .get("/deliveries/:id", requireActor, async (c) => {
    return c.json(await getDelivery(c.var.deps, c.var.actor, parseIdParam(c.req.param("id"))));
  })
  .put("/deliveries/:id", requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const input = await parseJson(c, putDeliverySchema);
    return c.json(await putDelivery(c.var.deps, c.var.actor, { id, input }));
  });
