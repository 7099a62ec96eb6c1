import { z } from "zod";
import { clientListQuerySchema } from "./clients.js";
import { sendInvitationSchema } from "./invitations.js";
import { planStatusQuerySchema } from "./plan-status.js";

/* ---------- an API for the firm's software (docs/decisions/101) ---------- */

/** What a firm API key may do; each route of /api/v1 names the one it needs. */
export const API_SCOPES = ["clients:read", "invitations:send", "plan-status:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "clients:read": "Read clients",
  "invitations:send": "Invite clients",
  "plan-status:read": "Read plan status",
};

/** A key's text: `lvk_<key id, 32 hex>_<secret, 32 random bytes in base64url>`. */
export const API_KEY_PATTERN = /^lvk_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;
export const API_KEY_NAME_MAX = 80;
/** At most this many keys that are not revoked per firm. */
export const API_KEYS_PER_FIRM = 20;

export const API_MSG = {
  keyMissing: "Send your API key as: Authorization: Bearer lvk_...",
  keyInvalid: "This API key is not valid or has been revoked",
  scopeMissing: (scope: ApiScope) => `This API key may not do this: it needs the "${scope}" scope`,
  nameRequired: "Please give the key a name",
  nameTooLong: `The name can be at most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: "Please choose at least one scope",
  tooManyKeys: `A firm can have at most ${API_KEYS_PER_FIRM} active API keys. Revoke one first.`,
  keyCreated: "API key created. Copy it now: it will not be shown again.",
  keyRevoked: "API key revoked",
} as const;

/** POST /api/firm/api-keys: a name for people and the scopes the key gets. */
export const createApiKeySchema = z.strictObject({
  name: z
    .string({ message: API_MSG.nameRequired })
    .trim()
    .min(1, API_MSG.nameRequired)
    .max(API_KEY_NAME_MAX, API_MSG.nameTooLong),
  scopes: z
    .array(z.enum(API_SCOPES), { message: API_MSG.scopesRequired })
    .min(1, API_MSG.scopesRequired)
    .max(API_SCOPES.length)
    .transform((s) => [...new Set(s)]),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** A key as the admin's screen lists it: never its secret or hash. */
export type ApiKeyView = {
  id: string;
  name: string;
  scopes: ApiScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
export type ApiKeyListView = { keys: ApiKeyView[] };
/** The answer to creating a key: the key's text, shown this once. */
export type CreatedApiKeyView = { key: ApiKeyView; token: string };

/* ---------- /api/v1: the schemas that validate requests and make the OpenAPI document ---------- */

/** GET /api/v1/clients: the query of the firm's client list (search, sort, page, cursor). */
export const apiClientListQuerySchema = clientListQuerySchema;

export const apiClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string().meta({ format: "date-time" }),
});
export const apiClientListSchema = z.object({
  clients: z.array(apiClientSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  cursor: z.string().nullable(),
});
export type ApiClientList = z.infer<typeof apiClientListSchema>;

/** GET /api/v1/plan-status: the same sorts, filters and cursor as the firm's screen. */
export const apiPlanStatusQuerySchema = planStatusQuerySchema;

export const apiPlanStatusRowSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  email: z.string(),
  hasReleasePlan: z.boolean(),
  hasBeneficiaries: z.boolean(),
  areKeysHandedOver: z.boolean(),
  areVerifiersAccepted: z.boolean(),
  hasRecoveryKit: z.boolean(),
  lastCheckInAt: z.string().nullable(),
  score: z.number().int(),
});
export const apiPlanStatusPageSchema = z.object({
  clients: z.array(apiPlanStatusRowSchema),
  nextCursor: z.string().nullable(),
});

/** POST /api/v1/invitations: a client invitation (a key never invites staff). */
export const apiInvitationSchema = sendInvitationSchema.omit({ role: true }).strict();
export const apiInvitationAnswerSchema = z.object({ email: z.string(), isInvited: z.boolean() });

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});

/* ---------- webhooks ---------- */

export const WEBHOOK_EVENTS = ["client.joined", "plan.completed", "release.started"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "client.joined": "A client joined",
  "plan.completed": "A client's plan is complete",
  "release.started": "A client's release started",
};
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOKS_PER_FIRM = 10;
/** Tries of one delivery before it is marked failed; waits double from the first. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
export const WEBHOOK_FIRST_RETRY_SECONDS = 30;
/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const WEBHOOK_SIGNATURE_HEADER = "X-LegacyVault-Signature";

export const WEBHOOK_MSG = {
  urlInvalid: "Please enter a valid URL",
  urlNotHttps: "The URL must start with https://",
  urlCredentials: "The URL cannot contain a user name or password",
  urlPrivate: "The URL must point to a public address on the internet",
  eventsRequired: "Please choose at least one event",
  tooMany: `A firm can have at most ${WEBHOOKS_PER_FIRM} webhooks. Delete one first.`,
  created: "Webhook added. Copy its signing secret now: it will not be shown again.",
  deleted: "Webhook deleted",
} as const;

/** POST /api/firm/webhooks: where to send and which events. Whether the host is public is the server's check. */
export const createWebhookSchema = z.strictObject({
  url: z
    .string({ message: WEBHOOK_MSG.urlInvalid })
    .trim()
    .min(1, WEBHOOK_MSG.urlInvalid)
    .max(WEBHOOK_URL_MAX, WEBHOOK_MSG.urlInvalid)
    .pipe(z.url({ protocol: /^https?$/, message: WEBHOOK_MSG.urlInvalid })),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { message: WEBHOOK_MSG.eventsRequired })
    .min(1, WEBHOOK_MSG.eventsRequired)
    .max(WEBHOOK_EVENTS.length)
    .transform((e) => [...new Set(e)]),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

export type WebhookView = { id: string; url: string; events: WebhookEvent[]; createdAt: string };
export type CreatedWebhookView = { webhook: WebhookView; secret: string };
export type WebhookDeliveryView = {
  id: string;
  endpointId: string;
  url: string;
  event: WebhookEvent;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};
export type WebhookListView = { webhooks: WebhookView[]; deliveries: WebhookDeliveryView[] };
