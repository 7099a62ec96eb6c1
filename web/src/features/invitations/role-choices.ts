import { STAFF_MSG } from "@common/staff";
import { INVITATION_MSG } from "@common/invitations";
import type { Role } from "@common/app";
import type { Choice } from "@/components/ui/choice-field";

const staff: Choice<"firm_staff"> = {
  value: "firm_staff",
  label: "Staff",
  description: STAFF_MSG.staffRoleDescription,
};
const admin: Choice<"firm_admin"> = {
  value: "firm_admin",
  label: "Administrator",
  description: STAFF_MSG.adminRoleDescription,
};
const assistant: Choice<"firm_assistant"> = {
  value: "firm_assistant",
  label: "Assistant (read only)",
  description: STAFF_MSG.assistantRoleDescription,
};
const client: Choice<"regular_user"> = {
  value: "regular_user",
  label: "Client",
  description: INVITATION_MSG.clientRoleDescription,
};

/** The Staff Role choices of /staff/invite. */
export const STAFF_INVITE_ROLES: readonly Choice<"firm_staff" | "firm_admin" | "firm_assistant">[] =
  [staff, admin, assistant];

/** The roles of /clients/invite: admins may invite anyone, staff only clients. */
export const memberInviteRoles = (isAdmin: boolean): readonly Choice<Role>[] =>
  isAdmin ? [client, staff, admin, assistant] : [client];

/** How the pending-invitations list names the invited role (as the staff table beside it: Admin, Staff; and Client). */
export const INVITED_ROLE_LABEL: Record<Role, string> = {
  firm_admin: "Admin",
  firm_staff: "Staff",
  firm_assistant: "Assistant",
  regular_user: "Client",
};
