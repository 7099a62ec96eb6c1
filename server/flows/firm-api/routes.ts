import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  apiClientListQuerySchema,
  apiClientListSchema,
  apiErrorSchema,
  apiInvitationAnswerSchema,
  apiInvitationSchema,
  apiPlanStatusPageSchema,
  apiPlanStatusQuerySchema,
} from "../../../common/firm-api.js";
import { CLIENTS_PAGE_SIZE } from "../../../common/clients.js";
import { presentClientRow } from "../../clients/present.js";
import { listClients } from "../../clients/service.js";
import { bodyGate } from "../../http/body-gate.js";
import { AppError } from "../../errors.js";
import { isReinvite, sendInvitation } from "../../invitations/service.js";
import { listPlanStatus } from "../../plan-status/service.js";
import { getProfile } from "../../profiles/service.js";
import { hitAccount } from "../../rate-limit/limiter.js";
import { PER_USER_LIMITS } from "../../rate-limit/rules.js";
import { rejectInvalid, requireKey, type KeyEnv } from "./key-middleware.js";

const json = <S extends z.ZodType>(schema: S, description: string) => ({
  content: { "application/json": { schema } },
  description,
});
/** The refusals every route may answer, in the app's one error shape. */
const refusals = {
  400: json(apiErrorSchema, "Bad input: `error.fields` names each field and what is wrong"),
  401: json(apiErrorSchema, "No API key, or one that is not valid or was revoked"),
  403: json(apiErrorSchema, "The key lacks the scope this route needs"),
} as const;
const security = [{ apiKey: [] }];

const listClientsRoute = createRoute({
  method: "get",
  path: "/clients",
  summary: "List the firm's clients",
  description: "Scope `clients:read`. 10 per page; search matches name and e-mail.",
  security,
  middleware: [requireKey("clients:read")] as const,
  request: { query: apiClientListQuerySchema },
  responses: { 200: json(apiClientListSchema, "A page of clients"), ...refusals },
});

const planStatusRoute = createRoute({
  method: "get",
  path: "/plan-status",
  summary: "Plan status of the firm's clients",
  description:
    "Scope `plan-status:read`. Yes/no facts, the last check-in and a score per client; never vault content. 50 per page; follow `nextCursor`.",
  security,
  middleware: [requireKey("plan-status:read")] as const,
  request: { query: apiPlanStatusQuerySchema },
  responses: { 200: json(apiPlanStatusPageSchema, "A page of plan status rows"), ...refusals },
});

const inviteRoute = createRoute({
  method: "post",
  path: "/invitations",
  summary: "Invite a client",
  description:
    "Scope `invitations:send`. E-mails a client invitation (valid 7 days); an unused one is sent again.",
  security,
  middleware: [requireKey("invitations:send")] as const,
  request: {
    body: { content: { "application/json": { schema: apiInvitationSchema } }, required: true },
  },
  responses: {
    202: json(apiInvitationAnswerSchema, "The invitation is on its way"),
    ...refusals,
    409: json(apiErrorSchema, "That address already accepted an invitation"),
    429: json(
      apiErrorSchema,
      "Too many invitations sent again to the same address; see Retry-After",
    ),
  },
});

/**
 * /api/v1: the firm's software calls these with an API key (decision 101). Each route only
 * composes the services of the domains it reads; its zod schemas both validate the request and
 * make the OpenAPI document at /api/v1/openapi.json.
 */
export function firmApiRoutes() {
  const v1 = new OpenAPIHono<KeyEnv>({ defaultHook: rejectInvalid });
  v1.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "A firm API key, `lvk_...`, made by a firm admin at /firm/api",
  });
  v1.use("*", bodyGate);
  v1.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Legacy Vault firm API",
      version: "1.0.0",
      description: "Clients, invitations and plan status of one firm, for its own software.",
    },
    servers: [{ url: "/api/v1" }],
  });
  v1.openapi(listClientsRoute, async (c) => {
    const query = c.req.valid("query");
    const page = await listClients(c.var.deps, c.var.key.actor, query);
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        clients: page.rows.map(presentClientRow),
        total: page.total,
        page: query.page,
        pageSize: CLIENTS_PAGE_SIZE,
        cursor: page.cursor,
      },
      200,
    );
  });
  v1.openapi(planStatusRoute, async (c) => {
    const page = await listPlanStatus(c.var.deps, c.var.key.actor, c.req.valid("query"));
    c.header("Cache-Control", "no-store");
    return c.json(page, 200);
  });
  v1.openapi(inviteRoute, async (c) => {
    const input = c.req.valid("json");
    const { actor } = c.var.key;
    // sending an unused invitation again is a resend: the same budget as the maker's own screen
    if (await isReinvite(c.var.deps, actor, { email: input.email, role: "regular_user" })) {
      const wait = await hitAccount(c.var.deps.db, {
        name: "invitation-resend",
        userId: actor.id,
        limit: PER_USER_LIMITS.invitationResend,
      });
      if (wait > 0) {
        c.header("Retry-After", String(wait));
        throw new AppError("RATE_LIMITED");
      }
    }
    const { profile } = await getProfile(c.var.deps.db, actor.id);
    await sendInvitation(c.var.deps, actor, {
      ...input,
      role: "regular_user",
      inviterName: profile.name,
    });
    return c.json({ email: input.email, isInvited: true }, 202);
  });
  return v1;
}
