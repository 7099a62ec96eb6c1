import { Hono } from "hono";
import { setItemAccessSchema } from "../../common/catalogue.js";
import { requireActor } from "../auth/actor.js";
import { jsonBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { getItemAccess, setItemAccess } from "./access-service.js";

/** A sealed title or a wrap, an address and a key id. */
const ACCESS_JSON_MAX_BYTES = 8 * 1024;

/** What each person an item is left to may receive (docs/decisions/098). */
export const assetAccessRoutes = new Hono<AppEnv>()
  .get("/assets/:id/access", requireActor, async (c) =>
    c.json(await getItemAccess(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")))),
  )
  .put("/assets/:id/access", requireActor, jsonBody(ACCESS_JSON_MAX_BYTES), async (c) => {
    const assetId = parseIdParam(c.req.param("id"));
    const input = await parseJson(c, setItemAccessSchema);
    return c.json(await setItemAccess(c.var.deps, c.var.actor, { assetId, input }));
  });
