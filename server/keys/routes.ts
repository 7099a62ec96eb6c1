import { Hono } from "hono";
import type { DataKeyView } from "../../common/keys.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { getDataKey } from "./service.js";

/** The owner's data key, for their browser only (Cache-Control: no-store, as every /api/* answer). */
export const dataKeyRoutes = new Hono<AppEnv>().get("/vault/key", requireActor, async (c) => {
  const dataKey = await getDataKey(c.var.deps, c.var.actor, c.var.ip);
  return c.json<DataKeyView>({ dataKey: dataKey.toString("base64") });
});
