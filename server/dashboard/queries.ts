import { and, count, desc, eq, inArray } from "drizzle-orm";
import { RECENT_ASSETS } from "../../common/dashboard.js";
import type { Tx } from "../db/client.js";
import { isPendingOf } from "../invitations/queries.js";
import type { Role } from "../../common/app.js";
import { STAFF_ROLES } from "../../common/staff.js";
import {
  assets,
  beneficiaries,
  firmCodes,
  firms,
  invitations,
  profiles,
} from "../db/schema/index.js";

/** Under withActor: the actor's own assets and beneficiaries only. */

export const countAssetsByType = (tx: Tx, userId: string) =>
  tx
    .select({ type: assets.type, n: count() })
    .from(assets)
    .where(eq(assets.userId, userId))
    .groupBy(assets.type);

export const listRecentAssets = (tx: Tx, userId: string) =>
  tx
    .select({ id: assets.id, type: assets.type, title: assets.title, updatedAt: assets.updatedAt })
    .from(assets)
    .where(eq(assets.userId, userId))
    .orderBy(desc(assets.updatedAt), desc(assets.id))
    .limit(RECENT_ASSETS);

export const countBeneficiaries = (tx: Tx, userId: string) =>
  tx
    .select({ n: count() })
    .from(beneficiaries)
    .where(eq(beneficiaries.userId, userId))
    .then((r) => r[0]?.n ?? 0);

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
