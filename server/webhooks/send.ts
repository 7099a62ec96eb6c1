import {
  WEBHOOK_FIRST_RETRY_SECONDS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
} from "../../common/firm-api.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import { checkWebhookUrlForm, pinnedLookup, type Resolve } from "./address.js";
import { postWebhook } from "./post.js";
import {
  claimDueDeliveries,
  updateDelivery,
  type DeliveryRow,
  type EndpointRow,
} from "./queries.js";
import { backoffSeconds, endpointSecret, signatureHeader } from "./signature.js";

const BATCH = 20;
/** A claimed delivery is left alone this long (the send's time-out is far shorter); a process that died mid-send is retried after it. */
const LEASE_MS = 5 * 60 * 1000;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends the due deliveries, once across processes: each batch is claimed (SKIP LOCKED) and leased
 * in one short transaction, sent outside it, and its outcome written. A 2xx answer delivers; any
 * other answer, a time-out or a refused address is retried with exponential backoff (30 s
 * doubling) until WEBHOOK_MAX_ATTEMPTS tries, then failed. Redirects are not followed. In
 * production the connection goes only to the public addresses its host resolved to at that moment
 * (pinnedLookup); `resolve` stands in for DNS in tests.
 */
export async function sendDueWebhooks(
  deps: Deps,
  options: { now?: Date; resolve?: Resolve } = {},
): Promise<number> {
  const now = options.now ?? deps.clock.now();
  const claimed = await asSystem(deps.db, async (tx) => {
    const rows = await claimDueDeliveries(tx, now, BATCH);
    for (const { delivery } of rows)
      await updateDelivery(tx, delivery.id, {
        attempts: delivery.attempts + 1,
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      });
    return rows;
  });
  for (const row of claimed) await sendOne(deps, row, { now, resolve: options.resolve });
  return claimed.length;
}

async function sendOne(
  deps: Deps,
  { delivery, endpoint }: { delivery: DeliveryRow; endpoint: EndpointRow },
  { now, resolve }: { now: Date; resolve?: Resolve },
) {
  const attempt = delivery.attempts + 1;
  const body = JSON.stringify({
    id: delivery.id,
    event: delivery.event,
    createdAt: delivery.createdAt.toISOString(),
    firmId: delivery.firmId,
    data: delivery.payload,
  });
  let status: number | null = null;
  let error: string | null = null;
  try {
    if (endpoint.disabledAt) throw new Error("Webhook deleted");
    const isProduction = deps.env.NODE_ENV === "production";
    status = await postWebhook(checkWebhookUrlForm(endpoint.url, { isProduction }), {
      lookup: pinnedLookup({ isProduction, resolve }),
      timeoutMs: SEND_TIMEOUT_MS,
      headers: {
        "content-type": "application/json",
        "user-agent": "LegacyVault-Webhooks/1",
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(
          endpointSecret(deps.hmac, endpoint.id, endpoint.secretNonce),
          body,
          now,
        ),
      },
      body,
    });
    if (status < 200 || status >= 300) error = `Answered ${status}`;
  } catch (err) {
    error = describeError(err).slice(0, 300);
  }
  const isDelivered = error === null;
  const isOver = !isDelivered && (attempt >= WEBHOOK_MAX_ATTEMPTS || !!endpoint.disabledAt);
  const retryAt = new Date(
    now.getTime() + backoffSeconds(attempt, WEBHOOK_FIRST_RETRY_SECONDS) * 1000,
  );
  await asSystem(deps.db, (tx) =>
    updateDelivery(tx, delivery.id, {
      status: isDelivered ? "delivered" : isOver ? "failed" : "pending",
      lastStatus: status,
      lastError: error,
      deliveredAt: isDelivered ? now : null,
      nextAttemptAt: isDelivered || isOver ? now : retryAt,
    }),
  );
}
