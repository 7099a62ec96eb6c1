import { Hono } from "hono";
import { wishesChoiceSchema } from "../../common/assets/wishes.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { getWishesChoice, setWishesChoice } from "./service.js";

/**
 * The owner's final wishes choice (docs/decisions/097). The item goes through /api/assets; the
 * people it opens to early read it on the portal (server/legacy/routes.ts).
 */
export const wishesRoutes = new Hono<AppEnv>()
  .get("/wishes/:id", requireActor, async (c) =>
    c.json(await getWishesChoice(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")))),
  )
  .put("/wishes/:id", requireActor, async (c) =>
    c.json(
      await setWishesChoice(
        c.var.deps,
        c.var.actor,
        parseIdParam(c.req.param("id")),
        await parseJson(c, wishesChoiceSchema),
      ),
    ),
  );
