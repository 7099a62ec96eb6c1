import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AssetType } from "../../common/assets.js";
import { RECENT_ASSETS } from "../../common/dashboard.js";
import { readBase64 } from "../db/bytea.js";
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

type RecentRow = { id: string; type: AssetType; updatedAt: string };
/** A recent item for its owner: its title, clear or sealed, and the wrapped key that opens it (docs/decisions/080). */
export type OwnerRecentRow = RecentRow & {
  title: string | null;
  encryptedTitle: string | null;
  wrappedKey: string;
};

/** The owner's recent items carry their titles; a firm's view of a client reads none (lv_client_view may not). */
const OWNER_RECENT_COLUMNS = sql`, ${assets.title} as title,
  ${readBase64(assets.encryptedTitle)} as "encryptedTitle",
  ${readBase64(assets.wrappedKey)} as "wrappedKey"`;

/**
 * A vault's dashboard in one statement (one round trip instead of three): its counts by type,
 * its RECENT_ASSETS most recently updated assets and its number of beneficiaries.
 */
async function dashboardOf<R extends RecentRow>(tx: Tx, userId: string, recentColumns: SQL) {
  const [row] = await tx
    .select({
      counts: sql<{ type: AssetType; n: number }[]>`(select coalesce(json_agg(c), '[]') from (
        select ${assets.type} as type, count(*)::int as n from ${assets}
        where ${assets.userId} = ${userId} group by ${assets.type}) c)`,
      recent: sql<R[]>`(
        select coalesce(json_agg(r order by r."updatedAt" desc, r.id desc), '[]') from (
          select ${assets.id} as id, ${assets.type} as type${recentColumns},
            ${assets.updatedAt} as "updatedAt" from ${assets} where ${assets.userId} = ${userId}
          order by ${assets.updatedAt} desc, ${assets.id} desc limit ${RECENT_LIMIT}) r)`,
      beneficiaries: sql<number>`(select count(*)::int from ${beneficiaries} where ${beneficiaries.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error("the dashboard's statement answered no row");
  return row;
}

/** The owner's dashboard, under withActor (row-level security: the actor's own). */
export const selectDashboard = (tx: Tx, userId: string) =>
  dashboardOf<OwnerRecentRow>(tx, userId, OWNER_RECENT_COLUMNS);

/** A firm member's view of a client, under withClientView: recent items by type and date only. */
export const selectClientViewDashboard = (tx: Tx, userId: string) =>
  dashboardOf<RecentRow>(tx, userId, sql``);

export type DashboardRow = Awaited<ReturnType<typeof selectDashboard>>;
export type ClientViewDashboardRow = Awaited<ReturnType<typeof selectClientViewDashboard>>;

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
