import { Hono } from "hono";
import { rehearsalSchema } from "../../common/rehearsal.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseJson } from "../http/validate.js";
import { perUserLimit } from "../rate-limit/per-user-middleware.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import { sendRehearsal } from "./service.js";

const limitRehearsals = perUserLimit("rehearsal", PER_USER_LIMITS.rehearsal);

/** The owner's test run of their release (docs/decisions/083). */
export const rehearsalRoutes = new Hono<AppEnv>().post(
  "/release/rehearsal",
  requireActor,
  limitRehearsals,
  async (c) => {
    await parseJson(c, rehearsalSchema);
    return c.json(await sendRehearsal(c.var.deps, c.var.actor));
  },
);
