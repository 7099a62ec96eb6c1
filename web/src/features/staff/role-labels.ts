import { STAFF_MSG, type StaffRole } from "@common/staff";
import type { Choice } from "@/components/ui/choice-field";

/** How the staff table names a role (spec 02 §2 Staff: Admin or Staff; decision 084: Assistant). */
export const ROLE_LABEL: Record<StaffRole, string> = {
  firm_admin: "Admin",
  firm_staff: "Staff",
  firm_assistant: "Assistant",
};

/** The edit dialog's choices, with the spec's descriptions. */
export const STAFF_ROLE_CHOICES: readonly Choice<StaffRole>[] = [
  { value: "firm_staff", label: "Staff", description: STAFF_MSG.staffRoleDescription },
  { value: "firm_admin", label: "Admin", description: STAFF_MSG.adminRoleDescription },
  {
    value: "firm_assistant",
    label: "Assistant",
    description: STAFF_MSG.assistantRoleDescription,
  },
];
