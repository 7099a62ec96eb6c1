import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { AssetType } from "../../common/assets.js";
import { RECENT_ASSETS } from "../../common/dashboard.js";
import type { Tx } from "../db/client.js";
import type { Role } from "../../common/app.js";
import { STAFF_ROLES } from "../../common/staff.js";
import {
  assets,
  beneficiaries,
  firmCodes,
  firms,
  invitations,
  isPendingOf,
  profiles,
} from "../db/schema/index.js";

/**
 * RECENT_ASSETS written into the statement, not sent as a parameter: with a parameter in its
 * LIMIT, PostgreSQL plans a kept statement again at every run (a generic plan's LIMIT is a guess,
 * which makes it look dearer than a planned one), about 0.35 ms here (decision 065).
 */
const RECENT_LIMIT = sql.raw(String(Math.trunc(RECENT_ASSETS)));

/**
 * A vault's dashboard in one statement (one round trip instead of three): its counts by type,
 * its RECENT_ASSETS most recently updated assets and its number of beneficiaries. Under withActor
 * (row-level security: the actor's own) or withClientView (a firm member's view of a client).
 */
export async function selectDashboard(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      counts: sql<{ type: AssetType; n: number }[]>`(select coalesce(json_agg(c), '[]') from (
        select ${assets.type} as type, count(*)::int as n from ${assets}
        where ${assets.userId} = ${userId} group by ${assets.type}) c)`,
      recent: sql<{ id: string; type: AssetType; title: string; updatedAt: string }[]>`(
        select coalesce(json_agg(r order by r."updatedAt" desc, r.id desc), '[]') from (
          select ${assets.id} as id, ${assets.type} as type, ${assets.title} as title,
            ${assets.updatedAt} as "updatedAt" from ${assets} where ${assets.userId} = ${userId}
          order by ${assets.updatedAt} desc, ${assets.id} desc limit ${RECENT_LIMIT}) r)`,
      beneficiaries: sql<number>`(select count(*)::int from ${beneficiaries} where ${beneficiaries.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error("the dashboard's statement answered no row");
  return row;
}
export type DashboardRow = Awaited<ReturnType<typeof selectDashboard>>;

/** Under withActor, the Firm Overview's numbers (row-level security: the actor's own firm only). */

const firstCount = (rows: { n: number }[]) => rows[0]?.n ?? 0;

/** The firm's client counter (kept by a trigger, migration 0005). */
export const countClients = (tx: Tx, firmId: string) =>
  tx.select({ n: firms.clientCount }).from(firms).where(eq(firms.id, firmId)).then(firstCount);

export const countStaff = (tx: Tx, firmId: string) =>
  tx
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.firmId, firmId), inArray(profiles.role, [...STAFF_ROLES])))
    .then(firstCount);

export const countActiveCodes = (tx: Tx, firmId: string) =>
  tx
    .select({ n: count() })
    .from(firmCodes)
    .where(and(eq(firmCodes.firmId, firmId), eq(firmCodes.isActive, true)))
    .then(firstCount);

/** Not accepted, not revoked, not expired (as the pending list reads them); of `roles` only when given. */
export const countPendingInvitations = (tx: Tx, firmId: string, roles?: readonly Role[]) =>
  tx
    .select({ n: count() })
    .from(invitations)
    .where(and(isPendingOf(firmId), roles ? inArray(invitations.role, [...roles]) : undefined))
    .then(firstCount);
