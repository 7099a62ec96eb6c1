import { Hono } from "hono";
import { z } from "zod";
import {
  CLIENTS_PAGE_SIZE,
  clientListQuerySchema,
  updateClientFirmDetailsSchema,
  type ClientListView,
} from "../../common/clients.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson, parseWith } from "../http/validate.js";
import { getClientDashboard } from "./dashboard.js";
import {
  presentClientDashboard,
  presentClientFirmDetails,
  presentClientProfile,
  presentClientRow,
} from "./present.js";
import {
  getClientFirmDetails,
  getClientProfile,
  listClients,
  recordImpersonation,
  updateClientFirmDetails,
} from "./service.js";

export const clientRoutes = new Hono<AppEnv>()
  .get("/clients", requireActor, async (c) => {
    const query = parseWith(clientListQuerySchema, c.req.query());
    const { rows, total, isTotalCapped, cursor } = await listClients(
      c.var.deps,
      c.var.actor,
      query,
    );
    return c.json({
      clients: rows.map(presentClientRow),
      total,
      isTotalCapped,
      page: query.page,
      pageSize: CLIENTS_PAGE_SIZE,
      cursor,
    } satisfies ClientListView);
  })
  .get("/clients/:id", requireActor, async (c) => {
    const client = await getClientProfile(
      c.var.deps,
      c.var.actor,
      parseIdParam(c.req.param("id"), "user"),
    );
    return c.json({ client: presentClientProfile(client) });
  })
  .get("/clients/:id/dashboard", requireActor, async (c) => {
    const dashboard = await getClientDashboard(
      c.var.deps,
      c.var.actor,
      parseIdParam(c.req.param("id"), "user"),
    );
    return c.json(presentClientDashboard(dashboard));
  })
  .get("/clients/:id/firm-details", requireActor, async (c) => {
    const found = await getClientFirmDetails(
      c.var.deps,
      c.var.actor,
      parseIdParam(c.req.param("id"), "user"),
    );
    return c.json(presentClientFirmDetails(found));
  })
  .put("/clients/:id/firm-details", requireActor, async (c) => {
    const clientId = parseIdParam(c.req.param("id"), "user");
    const input = await parseJson(c, updateClientFirmDetailsSchema);
    const saved = await updateClientFirmDetails(c.var.deps, c.var.actor, { clientId, input });
    return c.json(presentClientFirmDetails(saved));
  })
  .post("/clients/:id/impersonation", requireActor, async (c) => {
    const { active } = await parseJson(c, z.object({ active: z.boolean() }));
    await recordImpersonation(c.var.deps, c.var.actor, {
      clientId: parseIdParam(c.req.param("id"), "user"),
      isActive: active,
    });
    return c.json({ ok: true });
  });
