import { Hono } from "hono";
import { savePlaybookTicksSchema } from "../../common/playbook.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseJson } from "../http/validate.js";
import { getPlaybookTicks, savePlaybookTicks } from "./service.js";

/** The owner's own playbook checklist, sealed in their browser (docs/decisions/088). */
export const playbookRoutes = new Hono<AppEnv>()
  .get("/playbook", requireActor, async (c) =>
    c.json(await getPlaybookTicks(c.var.deps, c.var.actor)),
  )
  .put("/playbook", requireActor, async (c) =>
    c.json(
      await savePlaybookTicks(c.var.deps, c.var.actor, await parseJson(c, savePlaybookTicksSchema)),
    ),
  );
