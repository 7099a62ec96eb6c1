import { Hono } from "hono";
import {
  createApiKeySchema,
  type ApiKeyListView,
  type CreatedApiKeyView,
} from "../../common/firm-api.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { presentApiKey } from "./present.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./service.js";

/** The firm admin's API keys (/firm/api, decision 101): list, create (shown once), revoke. */
export const apiKeyRoutes = new Hono<AppEnv>()
  .get("/firm/api-keys", requireActor, async (c) => {
    const rows = await listApiKeys(c.var.deps, c.var.actor);
    c.header("Cache-Control", "no-store");
    return c.json<ApiKeyListView>({ keys: rows.map(presentApiKey) });
  })
  .post("/firm/api-keys", requireActor, async (c) => {
    const input = await parseJson(c, createApiKeySchema);
    const { row, token } = await createApiKey(c.var.deps, c.var.actor, input);
    c.header("Cache-Control", "no-store");
    return c.json<CreatedApiKeyView>({ key: presentApiKey(row), token }, 201);
  })
  .post("/firm/api-keys/:id/revoke", requireActor, async (c) => {
    const row = await revokeApiKey(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")));
    return c.json({ key: presentApiKey(row) });
  });
