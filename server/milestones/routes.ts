import { Hono } from "hono";
import type { ExecutorMilestonesView, FirmMilestonesView } from "../../common/messages.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { requireBeneficiary } from "../legacy/routes.js";
import {
  confirmAs,
  listExecutorMilestones,
  listFirmMilestones,
  type Confirmer,
} from "./service.js";

/**
 * Milestones that a named person confirms (docs/decisions/109): the executor's on the portal's
 * path (its cookie proves the address), the firm's on the client's page.
 */
export const milestoneRoutes = new Hono<AppEnv>()
  .get("/legacy/milestones", requireBeneficiary, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json<ExecutorMilestonesView>(
      await listExecutorMilestones(c.var.deps, c.var.beneficiaryEmail),
    );
  })
  .post("/legacy/milestones/:id/confirm", requireBeneficiary, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const who: Confirmer = { kind: "executor", email: c.var.beneficiaryEmail };
    return c.json(await confirmAs(c.var.deps, who, id));
  })
  .get("/clients/:id/milestones", requireActor, async (c) => {
    const clientId = parseIdParam(c.req.param("id"), "user");
    c.header("Cache-Control", "no-store");
    return c.json<FirmMilestonesView>(await listFirmMilestones(c.var.deps, c.var.actor, clientId));
  })
  .post("/clients/:clientId/milestones/:id/confirm", requireActor, async (c) => {
    const clientId = parseIdParam(c.req.param("clientId"), "user");
    const id = parseIdParam(c.req.param("id"));
    const who: Confirmer = { kind: "firm", actor: c.var.actor, clientId };
    return c.json(await confirmAs(c.var.deps, who, id));
  });
