import { and, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { profiles } from "../db/schema/index.js";
import { STAFF_ROLES, type StaffRole } from "../../common/staff.js";

/** Under withActor: RLS lets firm users see their own firm's profiles only. */
export const listStaff = (tx: Tx, firmId: string) =>
  tx
    .select()
    .from(profiles)
    .where(and(eq(profiles.firmId, firmId), inArray(profiles.role, [...STAFF_ROLES])))
    .orderBy(desc(profiles.createdAt));

/** System: locks the firm's staff rows so two admins cannot demote each other at once. */
export const lockFirmStaff = (tx: Tx, firmId: string) =>
  tx
    .select({ id: profiles.id, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.firmId, firmId), inArray(profiles.role, [...STAFF_ROLES])))
    .for("update");

export const setRole = (tx: Tx, id: string, role: StaffRole) =>
  tx.update(profiles).set({ role }).where(eq(profiles.id, id));
