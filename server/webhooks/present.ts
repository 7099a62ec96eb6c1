import {
  WEBHOOK_EVENTS,
  type WebhookDeliveryView,
  type WebhookEvent,
  type WebhookView,
} from "../../common/firm-api.js";
import type { DeliveryRow, EndpointRow } from "./queries.js";

const isEvent = (e: string): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e);

/** An endpoint for the admin: never its secret or nonce. */
export const presentWebhook = (row: EndpointRow): WebhookView => ({
  id: row.id,
  url: row.url,
  events: row.events.filter(isEvent),
  createdAt: row.createdAt.toISOString(),
});

export const presentDelivery = ({
  delivery: d,
  url,
}: {
  delivery: DeliveryRow;
  url: string;
}): WebhookDeliveryView => ({
  id: d.id,
  endpointId: d.endpointId,
  url,
  event: isEvent(d.event) ? d.event : "client.joined",
  status: d.status,
  attempts: d.attempts,
  lastStatus: d.lastStatus,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});
