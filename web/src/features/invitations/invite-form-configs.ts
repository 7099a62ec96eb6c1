import { ROLES, type Role } from "@common/app";
import { INVITATION_MSG } from "@common/invitations";
import { z } from "zod";
import type { Choice } from "@/components/ui/choice-field";
import { memberInviteRoles, STAFF_INVITE_ROLES } from "./role-choices";

/** What the invite form holds; each screen's schema says which of it is required. */
export type InviteFormValues = { email: string; role?: Role; note?: string };

/** How a screen configures the one invite form (components/invite-form.tsx). */
export type InviteFormConfig = {
  schema: z.ZodType<InviteFormValues, InviteFormValues>;
  defaultRole?: Role;
  /** The role choices and their label, or the one role invited (said by `text`). */
  role: { label: string; options: readonly Choice<Role>[] } | { fixed: Role; text: string };
  emailPlaceholder: string;
  hasNote: boolean;
  /** The 7-day notice: an info alert, or a line of text. */
  noticeLook: "alert" | "text";
};

const email = (requiredMessage: string) =>
  z.string().trim().min(1, requiredMessage).pipe(z.email(INVITATION_MSG.invalidEmail));

/** /staff/invite (spec 02 §5 Staff invite): e-mail and role required together, optional note. */
export const staffInviteFormSchema = z.object({
  email: email(INVITATION_MSG.emailAndRole),
  role: z.enum(["firm_staff", "firm_admin", "firm_assistant"], {
    message: INVITATION_MSG.emailAndRole,
  }),
  note: z.string().trim().max(1000, INVITATION_MSG.noteTooLong),
});

/** /clients/invite (spec 02 §5 Client invite): e-mail required, any role the server allows the inviter. */
export const memberInviteFormSchema = z.object({
  email: email(INVITATION_MSG.emailRequired),
  role: z.enum(ROLES),
});

/** /staff/invite: Email Address, Staff Role and an optional Personal Note. */
export const STAFF_INVITE_FORM: InviteFormConfig = {
  schema: staffInviteFormSchema,
  role: { label: "Staff Role", options: STAFF_INVITE_ROLES },
  emailPlaceholder: "colleague@lawfirm.com",
  hasNote: true,
  noticeLook: "alert",
};

/**
 * /clients/invite: administrators choose among Client, Staff and Administrator; staff invite
 * clients only, so they see no choice, and are told that inviting staff is an administrator's.
 */
export const memberInviteForm = (isAdmin: boolean): InviteFormConfig => ({
  schema: memberInviteFormSchema,
  defaultRole: "regular_user",
  role: isAdmin
    ? { label: "Role", options: memberInviteRoles(true) }
    : {
        fixed: "regular_user",
        text: `${INVITATION_MSG.staffInvitesClients} ${INVITATION_MSG.onlyAdminsInviteStaff}`,
      },
  emailPlaceholder: "client@example.com",
  hasNote: false,
  noticeLook: "text",
});
