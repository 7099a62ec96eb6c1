/** A firm's admins and staff: listing them, changing a role, removing one from the firm. */
import { z } from "zod";
import { GUARD_MSG } from "./app.js";

/* ---------- constants ---------- */

export const STAFF_ROLES = ["firm_staff", "firm_admin", "firm_assistant"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/* ---------- messages ---------- */

/** Staff-management texts, worded as the specification words them. */
export const STAFF_MSG = {
  noPermissionManage: GUARD_MSG.manageStaff,
  noPermissionInvite: GUARD_MSG.inviteStaff,
  notAssociated: "You are not associated with a law firm",
  needFirmToInvite: "You need to be associated with a firm to invite staff",
  loadFailed: "Failed to fetch staff members",
  roleUpdateFailed: "Failed to update staff role",
  roleUpdated: (name: string) => `${name}'s role updated successfully`,
  removeFailed: "Failed to remove staff member",
  removed: "Staff member removed from firm",
  removeConfirm: "Are you sure you want to remove this staff member?",
  removeTitle: (name: string) => `Remove ${name} from the firm?`,
  removeText: "They keep their account, without access to the firm or its clients.",
  empty: "No staff members found",
  notYourself: "You cannot change or remove your own membership",
  lastAdmin: "A firm must keep at least one administrator",
  staffRoleDescription: "Can access and manage client data",
  adminRoleDescription: "Full access to firm settings and client data",
  assistantRoleDescription: "Can see the client list and client profiles, and change nothing",
} as const;

/* ---------- inputs ---------- */

export const staffRoleSchema = z.object({ role: z.enum(STAFF_ROLES) });

/* ---------- answers ---------- */

/** One of the firm's admins and staff (GET /api/staff). */
export type StaffMemberView = {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  createdAt: string;
};
