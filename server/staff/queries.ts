import { and, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { firmUsers, profiles } from "../db/schema/index.js";

const FIRM_ROLES = ["firm_admin", "firm_staff"] as const;

/** Under withActor: RLS lets firm users see their own firm's profiles only. */
export const listStaff = (tx: Tx, firmId: string) =>
  tx
    .select()
    .from(profiles)
    .where(and(eq(profiles.firmId, firmId), inArray(profiles.role, [...FIRM_ROLES])))
    .orderBy(desc(profiles.createdAt));

/** System: locks the firm's staff rows so two admins cannot demote each other at once. */
export const lockFirmStaff = (tx: Tx, firmId: string) =>
  tx
    .select({ id: profiles.id, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.firmId, firmId), inArray(profiles.role, [...FIRM_ROLES])))
    .for("update");

export const setRole = (tx: Tx, id: string, role: "firm_staff" | "firm_admin") => tx.update(profiles).set({ role }).where(eq(profiles.id, id));

export async function removeFromFirm(tx: Tx, id: string, firmId: string) {
  await tx.update(profiles).set({ role: "regular_user", firmId: null }).where(eq(profiles.id, id));
  await tx.delete(firmUsers).where(and(eq(firmUsers.userId, id), eq(firmUsers.firmId, firmId)));
}

export const otherAdminsExist = (rows: { id: string; role: string }[], id: string) => rows.some((r) => r.id !== id && r.role === "firm_admin");
