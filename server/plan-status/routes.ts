import { Hono } from "hono";
import {
  planStatusExportSchema,
  planStatusQuerySchema,
  type PlanStatusPage,
} from "../../common/plan-status.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseWith } from "../http/validate.js";
import { exportPlanStatus, listPlanStatus } from "./service.js";

/** The firm's plan status across its clients (docs/decisions/087): a page, and the CSV of all. */
export const planStatusRoutes = new Hono<AppEnv>()
  .get("/firm/plan-status", requireActor, async (c) => {
    const query = parseWith(planStatusQuerySchema, c.req.query());
    const page = await listPlanStatus(c.var.deps, c.var.actor, query);
    c.header("Cache-Control", "no-store");
    return c.json<PlanStatusPage>(page);
  })
  .get("/firm/plan-status.csv", requireActor, async (c) => {
    const query = parseWith(planStatusExportSchema, c.req.query());
    const lines = await exportPlanStatus(c.var.deps, c.var.actor, query);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await lines.return(undefined);
      },
    });
    const day = c.var.deps.clock.now().toISOString().slice(0, 10);
    c.header("Cache-Control", "no-store");
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="plan-status-${day}.csv"`);
    return c.body(body);
  });
