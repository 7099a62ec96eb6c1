import { STAFF_ROLES, type StaffMemberView, type StaffRole } from "../../common/staff.js";
import type { profiles } from "../db/schema/index.js";

const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

/** One of the firm's admins and staff (listStaff returns no other role). */
export function presentStaffMember(p: typeof profiles.$inferSelect): StaffMemberView {
  if (!isStaffRole(p.role)) throw new Error(`not a staff role: ${p.role}`);
  return {
    id: p.id,
    name: p.name,
    email: p.email,
    role: p.role,
    createdAt: p.createdAt.toISOString(),
  };
}
