import { and, asc, count, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { webhookDeliveries, webhookEndpoints } from "../db/schema/index.js";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The firm's live endpoints, newest first; under row-level security, the caller's firm's only. */
export const selectFirmEndpoints = (tx: Tx, firmId: string) =>
  tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.firmId, firmId), isNull(webhookEndpoints.disabledAt)))
    .orderBy(desc(webhookEndpoints.createdAt));

/** The firm's latest deliveries with their endpoint's URL (the admin's delivery log). */
export const selectFirmDeliveries = (tx: Tx, firmId: string, limit: number) =>
  tx
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.firmId, firmId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);

export async function countFirmEndpoints(tx: Tx, firmId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.firmId, firmId), isNull(webhookEndpoints.disabledAt)));
  return row?.n ?? 0;
}

export async function insertEndpoint(tx: Tx, row: typeof webhookEndpoints.$inferInsert) {
  const [inserted] = await tx.insert(webhookEndpoints).values(row).returning();
  if (!inserted) throw new Error("insert webhook endpoint returned nothing");
  return inserted;
}

/** Disables the firm's endpoint `id` (its pending deliveries fail); false when the firm has no such live one. */
export async function disableEndpoint(
  tx: Tx,
  { firmId, id, at }: { firmId: string; id: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: at })
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.firmId, firmId),
        isNull(webhookEndpoints.disabledAt),
      ),
    )
    .returning({ id: webhookEndpoints.id });
  if (!rows.length) return false;
  await tx
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: "Webhook deleted" })
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, "pending")));
  return true;
}

/** An event about a client, queued for each endpoint of the client's firm that wants it (migration 0061). */
export const enqueueClientEventRows = (
  tx: Db | Tx,
  e: { clientId: string; event: string; extra: Record<string, string> },
) =>
  tx.execute(
    sql`select app_webhook_client_event(${e.clientId}, ${e.event}, ${JSON.stringify(e.extra)}::jsonb)`,
  );

/** enqueueClientEventRows for several events in one statement (a sweep's batch of steps). */
export const enqueueClientEventsRows = (
  tx: Db | Tx,
  events: { clientId: string; event: string; extra: Record<string, string> }[],
) =>
  tx.execute(
    sql`select app_webhook_client_event(c, e, x::jsonb) from unnest(${sql.param(events.map((e) => e.clientId))}::text[], ${sql.param(events.map((e) => e.event))}::text[], ${sql.param(events.map((e) => JSON.stringify(e.extra)))}::text[]) as t(c, e, x)`,
  );

/**
 * Up to `limit` due pending deliveries with their endpoint, locked for this transaction; rows
 * another process holds are skipped (SKIP LOCKED), so each is sent by one process.
 */
export const claimDueDeliveries = (tx: Tx, now: Date, limit: number) =>
  tx
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
    .for("update", { of: webhookDeliveries, skipLocked: true });

export const updateDelivery = (
  tx: Tx,
  id: string,
  set: Partial<typeof webhookDeliveries.$inferInsert>,
) => tx.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, id));
