import { Hono } from "hono";
import {
  createWebhookSchema,
  type CreatedWebhookView,
  type WebhookListView,
} from "../../common/firm-api.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { presentDelivery, presentWebhook } from "./present.js";
import { createWebhook, deleteWebhook, listWebhooks } from "./service.js";

/** The firm admin's webhooks and their delivery log (/firm/api, decision 101). */
export const webhookRoutes = new Hono<AppEnv>()
  .get("/firm/webhooks", requireActor, async (c) => {
    const { endpoints, deliveries } = await listWebhooks(c.var.deps, c.var.actor);
    c.header("Cache-Control", "no-store");
    return c.json<WebhookListView>({
      webhooks: endpoints.map(presentWebhook),
      deliveries: deliveries.map(presentDelivery),
    });
  })
  .post("/firm/webhooks", requireActor, async (c) => {
    const input = await parseJson(c, createWebhookSchema);
    const { row, secret } = await createWebhook(c.var.deps, c.var.actor, input);
    c.header("Cache-Control", "no-store");
    return c.json<CreatedWebhookView>({ webhook: presentWebhook(row), secret }, 201);
  })
  .post("/firm/webhooks/:id/delete", requireActor, async (c) => {
    await deleteWebhook(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")));
    return c.json({ ok: true });
  });
